// One request to the intake endpoint: exactly the bytes and headers a caller chooses (no runner needed, so the bench uses it too).
import { type Reachable, reach } from "@speed-to-lead/server/testing/endpoint";
import { LEAD_INTAKE_PATH } from "@speed-to-lead/spec";

export interface RawPost {
  /** A value is sent as JSON; a string or bytes are sent as they are. */
  body: unknown;
  /** Sent as Authorization: Bearer <token> unless `headers` says otherwise. */
  token?: string;
  headers?: Record<string, string>;
  method?: string;
}

/** Sends one request to the intake path of a server (its base URL) or an endpoint; the caller checks the response. */
export async function sendToIntake(target: Reachable, request: RawPost): Promise<Response> {
  const { baseUrl, fetch } = reach(target);
  const headers = new Headers({ "Content-Type": "application/json" });
  if (request.token !== undefined) headers.set("Authorization", `Bearer ${request.token}`);
  for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);
  const body: BodyInit | undefined =
    typeof request.body === "string" || request.body instanceof Uint8Array
      ? (request.body as BodyInit)
      : request.body === undefined
        ? undefined
        : JSON.stringify(request.body);
  return await fetch(
    new Request(`${baseUrl}${LEAD_INTAKE_PATH}`, {
      method: request.method ?? "POST",
      headers,
      body,
      redirect: "manual",
    }),
  );
}
