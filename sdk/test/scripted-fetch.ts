// A fetch for tests: records every Request and answers from a script, with no module mocking.

/** One scripted answer: a Response, a thrown error, "hang" (until aborted) or "ignore-abort" (never settles). */
export type Step =
  | Response
  | Error
  | "hang"
  | "ignore-abort"
  | ((request: Request) => Response | Promise<Response>);

export function scriptedFetch(...steps: Step[]) {
  const requests: Request[] = [];
  const fetch = (request: Request): Promise<Response> => {
    requests.push(request);
    const step = steps.shift();
    if (step === undefined) return Promise.reject(new Error(`unscripted request #${requests.length}`));
    if (step instanceof Error) return Promise.reject(step);
    if (step === "ignore-abort") return new Promise(() => {});
    if (step === "hang") {
      return new Promise((_, reject) => {
        request.signal.addEventListener("abort", () => reject(request.signal.reason), { once: true });
      });
    }
    return Promise.resolve(typeof step === "function" ? step(request) : step);
  };
  return { fetch, requests };
}

export const sampleLead = {
  phone: "(415) 555-2671",
  first_name: "Ana",
  consent: { source: "webform:/contact", reference: "sub_8812", captured_at: "2026-11-20T14:02:00Z" },
};

function acceptedBody(overrides: Record<string, unknown> = {}) {
  return {
    id: "0193f0c2-6b1e-7a52-9c1d-5e0b7d2a4f10",
    created: true,
    test: false,
    call_eligible: true,
    received_at: "2026-11-20T20:02:11.482Z",
    respond_by: "2026-11-20T20:07:11.482Z",
    lead: {
      phone: "+14155552671",
      first_name: "Ana",
      source: "form",
      test: false,
      consent: sampleLead.consent,
      response: { state: "pending" },
    },
    ignored_fields: [],
    ...overrides,
  };
}

export function accepted(status = 201, overrides: Record<string, unknown> = {}, headers: HeadersInit = {}) {
  return Response.json(acceptedBody(overrides), { status, headers });
}

export function problem(
  status: number,
  code: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const body = {
    type: `urn:speed-to-lead:problem:${code}`,
    title: `Title of ${code}`,
    status,
    detail: `Detail of ${code}`,
    code,
    request_id: "req_test",
    ...extra,
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/problem+json", ...headers },
  });
}
