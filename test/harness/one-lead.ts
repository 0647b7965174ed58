// What "one lead" means for a burst of concurrent posts: one creator, everyone else told about that lead.
import { expect } from "vitest";
import type { CheckedResponse } from "./openapi-conformance.ts";

/**
 * For a burst sharing one idempotency key: one first response (201, not a replay); the others replay it
 * byte for byte or were asked to retry (409 idempotency_request_in_flight; Retry-After is checked by the
 * conformance check).
 */
export function expectOneLeadForOneKey(responses: CheckedResponse[]): string {
  const statuses = new Set(responses.map((response) => response.status));
  expect(
    [...statuses].every((status) => status === 201 || status === 409),
    [...statuses].join(","),
  ).toBe(true);
  for (const retry of responses.filter((response) => response.status === 409))
    expect(retry.body.code).toBe("idempotency_request_in_flight");
  const accepted = responses.filter((response) => response.status === 201);
  const firsts = accepted.filter((response) => response.headers.get("Idempotent-Replayed") === null);
  expect(firsts, "exactly one request created the lead").toHaveLength(1);
  const first = firsts[0]!;
  for (const replay of accepted) expect(replay.text).toBe(first.text);
  return first.body.id;
}

/** For a burst sharing one (platform, external_lead_id): one 201 created, the rest 200 repeats of the same id. */
export function expectOneLeadForOneExternalId(responses: CheckedResponse[]): string {
  const created = responses.filter((response) => response.status === 201);
  const repeats = responses.filter((response) => response.status === 200);
  expect(created, "exactly one request created the lead").toHaveLength(1);
  expect(repeats).toHaveLength(responses.length - 1);
  const id = created[0]!.body.id;
  for (const repeat of repeats)
    expect({ id: repeat.body.id, created: repeat.body.created }).toEqual({ id, created: false });
  return id;
}
