// The SDK's own result of postLead: camelCase on top, the stored lead in wire names inside `lead`.
import type { LeadAccepted, StoredLead } from "./types";

/** The token's rate limit after this request, from the RateLimit-Limit, -Remaining and -Reset headers. */
export interface RateLimitState {
  /** Requests the token may make in a burst. */
  limit: number;
  /** Requests left before the service answers 429. */
  remaining: number;
  /** Seconds until the burst is whole again. */
  resetSeconds: number;
}

/** What postLead resolves with. */
export interface LeadResult {
  /** The lead's id: the same for every repeat of the lead. */
  id: string;
  /** true: this call created the lead (201). false: it matched an earlier lead by (platform, external_lead_id) (200). */
  created: boolean;
  /** true when the service replayed the stored response of an earlier request with the same idempotency key. */
  replayed: boolean;
  /** Whether the assistant may call: complete consent, not a test lead, a phone, and that number not opted out. */
  callEligible: boolean;
  /** Whether the lead is a test lead (never called). */
  test: boolean;
  /** true: the answer to a dry run (`dry_run: true` in the body): nothing was stored and `id` names no lead. */
  dryRun: boolean;
  /** When the service first received the lead: ISO 8601, UTC. */
  receivedAt: string;
  /** receivedAt plus five minutes: the deadline of the five-minute response. */
  respondBy: string;
  /** The stored lead, normalized (phone in E.164, source after the fallback), in wire names. */
  lead: StoredLead;
  /** Top-level names you sent that the contract does not define: ignored, not stored. Watch for typos. */
  ignoredFields: string[];
  /** The service's id of the request that succeeded (X-Request-Id), for support and logs. */
  requestId: string | undefined;
  /** The Idempotency-Key sent, the same on every attempt: keep it to retry the call later. */
  idempotencyKey: string;
  /** Requests made by this call: 1, plus one per retry. */
  attempts: number;
  /** The rate limit after this request, or undefined when the response did not say. */
  rateLimit: RateLimitState | undefined;
}

/** The SDK's result from the service's answer and the call's key and attempt count. */
export function toLeadResult(
  body: LeadAccepted,
  headers: Headers,
  idempotencyKey: string,
  attempts: number,
): LeadResult {
  return {
    id: body.id,
    created: body.created,
    replayed: headers.get("idempotent-replayed") === "true",
    callEligible: body.call_eligible,
    test: body.test,
    // The body says it (readable in a browser too); the Dry-Run header is the same mark for proxies and logs.
    dryRun: body.dry_run === true || headers.get("dry-run") === "true",
    receivedAt: body.received_at,
    respondBy: body.respond_by,
    lead: body.lead,
    ignoredFields: body.ignored_fields,
    requestId: headers.get("x-request-id") ?? undefined,
    idempotencyKey,
    attempts,
    rateLimit: rateLimitState(headers),
  };
}

/** The RateLimit-Limit, -Remaining and -Reset headers, or undefined when any is missing. */
export function rateLimitState(headers: Headers): RateLimitState | undefined {
  const [limit, remaining, resetSeconds] = ["limit", "remaining", "reset"].map((name) =>
    Number(headers.get(`ratelimit-${name}`) ?? Number.NaN),
  ) as [number, number, number];
  return [limit, remaining, resetSeconds].some(Number.isNaN) ? undefined : { limit, remaining, resetSeconds };
}
