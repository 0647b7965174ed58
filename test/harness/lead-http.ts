// Raw HTTP to the intake endpoint: exactly the bytes and headers a test chooses, checked against the spec.
import { LEAD_INTAKE_PATH } from "@speed-to-lead/spec";
import { type CheckedResponse, type ConformanceOptions, expectConformant } from "./openapi-conformance.ts";

export interface RawPost {
  /** A value is sent as JSON; a string or bytes are sent as they are. */
  body: unknown;
  /** Sent as Authorization: Bearer <token> unless `headers` says otherwise. */
  token?: string;
  headers?: Record<string, string>;
  method?: string;
}

/** Sends one request to the intake path; the caller checks the response. */
export async function sendToIntake(baseUrl: string, request: RawPost): Promise<Response> {
  const headers = new Headers({ "Content-Type": "application/json" });
  if (request.token !== undefined) headers.set("Authorization", `Bearer ${request.token}`);
  for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);
  const body: BodyInit | undefined =
    typeof request.body === "string" || request.body instanceof Uint8Array
      ? (request.body as BodyInit)
      : request.body === undefined
        ? undefined
        : JSON.stringify(request.body);
  return await fetch(`${baseUrl}${LEAD_INTAKE_PATH}`, {
    method: request.method ?? "POST",
    headers,
    body,
    redirect: "manual",
  });
}

/**
 * Posts and checks the response against the spec's postLead operation.
 *
 * @example const created = await postLead(server.baseUrl, { token, body: { email: "a@example.com" } });
 */
export async function postLead<Body = any>(
  baseUrl: string,
  request: RawPost,
  options: ConformanceOptions = {},
): Promise<CheckedResponse<Body>> {
  return await expectConformant<Body>(await sendToIntake(baseUrl, request), "postLead", options);
}
