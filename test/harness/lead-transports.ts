// One lead, two ways in: raw fetch, or the built SDK (whose requests are recorded and checked on the wire too).

import { createLeadClient, LeadIntakeError, type LeadResult } from "@speed-to-lead/sdk";
import { type Reachable, reach } from "@speed-to-lead/server/testing/endpoint";
import { expect } from "vitest";
import { postLead } from "./lead-http.ts";
import type { CheckedResponse, ConformanceOptions } from "./openapi-conformance.ts";
import { expectConformant } from "./openapi-conformance.ts";

export type Transport = "fetch" | "sdk";
export const TRANSPORTS: Transport[] = ["fetch", "sdk"];

export interface SentLead {
  /** The response on the wire, already checked against the spec. */
  wire: CheckedResponse;
  /** What the SDK handed its caller (sdk transport only). */
  sdk?: { result: LeadResult } | { error: unknown };
}

/**
 * Posts `body` once. With the SDK, an injected fetch forwards to the endpoint (a server process or an app in
 * this process) and keeps a copy of the response for the spec check: the SDK itself is not mocked, and it may
 * not retry here (maxRetries 0).
 *
 * @example const { wire } = await sendLead("sdk", server, token, { email: "a@example.com" });
 */
export async function sendLead(
  transport: Transport,
  target: Reachable,
  token: string,
  body: Record<string, unknown>,
  options: ConformanceOptions = {},
): Promise<SentLead> {
  if (transport === "fetch") return { wire: await postLead(target, { token, body }, options) };
  const endpoint = reach(target);
  const seen: Promise<CheckedResponse>[] = [];
  const sentKeys: (string | null)[] = [];
  const client = createLeadClient({
    baseUrl: endpoint.baseUrl,
    token,
    maxRetries: 0,
    fetch: async (request) => {
      sentKeys.push(request.headers.get("Idempotency-Key"));
      const response = await endpoint.fetch(request);
      seen.push(expectConformant(response.clone(), "postLead", options));
      return response;
    },
  });
  let sdk: SentLead["sdk"];
  try {
    sdk = { result: await client.postLead(body as never) };
  } catch (error) {
    sdk = { error };
  }
  expect(seen.length, "the SDK sent exactly one request").toBe(1);
  const wire = await seen[0]!;
  expectSdkAgreesWithWire(sdk, wire, sentKeys[0]!);
  return { wire, sdk };
}

/** The SDK's result (or error) says what the wire said, in the SDK's own names. */
function expectSdkAgreesWithWire(
  sdk: NonNullable<SentLead["sdk"]>,
  wire: CheckedResponse,
  idempotencyKey: string,
): void {
  if ("result" in sdk) {
    expect(wire.status === 200 || wire.status === 201).toBe(true);
    expect(sdk.result).toEqual({
      id: wire.body.id,
      created: wire.body.created,
      replayed: wire.headers.get("Idempotent-Replayed") === "true",
      callEligible: wire.body.call_eligible,
      test: wire.body.test,
      dryRun: wire.body.dry_run === true,
      receivedAt: wire.body.received_at,
      respondBy: wire.body.respond_by,
      lead: wire.body.lead,
      ignoredFields: wire.body.ignored_fields,
      requestId: wire.headers.get("X-Request-Id") ?? undefined,
      idempotencyKey,
      attempts: 1,
      rateLimit: rateLimitOf(wire.headers),
    });
    return;
  }
  expect(sdk.error, String(sdk.error)).toBeInstanceOf(LeadIntakeError);
  const error = sdk.error as LeadIntakeError;
  expect({ status: error.status, code: error.code, problem: error.problem }).toEqual({
    status: wire.status,
    code: wire.body.code,
    problem: wire.body,
  });
}

/** The RateLimit-* headers as the SDK reports them, or undefined when the answer had none. */
function rateLimitOf(headers: Headers) {
  const [limit, remaining, resetSeconds] = ["Limit", "Remaining", "Reset"].map((name) =>
    headers.get(`RateLimit-${name}`),
  );
  if (limit === null || remaining === null || resetSeconds === null) return undefined;
  return { limit: Number(limit), remaining: Number(remaining), resetSeconds: Number(resetSeconds) };
}
