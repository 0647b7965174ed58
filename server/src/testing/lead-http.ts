// Test helper: real HTTP requests to a running server's intake endpoint.
import { LEAD_INTAKE_PATH } from "@speed-to-lead/spec";

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are inspected field by field
  body: any;
}

export async function postLead(
  baseUrl: string,
  token: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<HttpResult> {
  const response = await fetch(`${baseUrl}${LEAD_INTAKE_PATH}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: text ? JSON.parse(text) : undefined,
  };
}

/** Polls `probe` until `done` says yes, for conditions that settle asynchronously (cache expiry, reconnection). */
export async function eventually<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await Bun.sleep(200);
  }
}
