// Posts to the intake endpoint (intake-request.ts) and checks the answer against the spec.
import type { Reachable } from "@speed-to-lead/server/testing/endpoint";
import { type RawPost, sendToIntake } from "./intake-request.ts";
import { type CheckedResponse, type ConformanceOptions, expectConformant } from "./openapi-conformance.ts";

/**
 * Posts and checks the response against the spec's postLead operation.
 *
 * @example const created = await postLead(server, { token, body: { email: "a@example.com" } });
 */
export async function postLead<Body = any>(
  target: Reachable,
  request: RawPost,
  options: ConformanceOptions = {},
): Promise<CheckedResponse<Body>> {
  return await expectConformant<Body>(await sendToIntake(target, request), "postLead", options);
}
