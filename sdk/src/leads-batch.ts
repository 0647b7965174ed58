// postLeads(): many leads through one client, a few at a time, each with its own key and result, paced by the
// service's RateLimit-* answers so a large batch waits for its budget instead of failing with 429s.
import type { LeadClient, PostLeadOptions } from "./client";
import { type LeadIntakeError, UserAbortError } from "./errors";
import { randomKey } from "./idempotency";
import { type LeadResult, type RateLimitState, rateLimitState } from "./result";
import { sleep } from "./retry";
import type { LeadInput } from "./types";

/** The most leads a batch sends at once. */
export const MAX_BATCH_CONCURRENCY = 32;

/** The options of postLeads: postLead's for every lead, plus how many at once and each lead's key. */
export interface PostLeadsOptions extends Omit<PostLeadOptions, "idempotencyKey" | "keepalive"> {
  /** Leads in flight at once (default 4, at most 32); fewer while the service's rate limit says so. */
  concurrency?: number | undefined;
  /**
   * Each lead's Idempotency-Key (default: the lead's `idempotency_key`, else a random one). Deterministic
   * keys (`idempotencyKey.from(...)`) make a batch safe to run again after a crash.
   */
  idempotencyKey?: ((lead: LeadInput, index: number) => string | Promise<string>) | undefined;
}

/** One lead's outcome in a batch, at the lead's index. */
export type LeadBatchItem =
  | {
      /** true: the lead was taken (201 created, or 200 a repeat). */
      ok: true;
      /** The lead's position in the batch. */
      index: number;
      /** The Idempotency-Key it was sent with: send it again with the same lead to retry safely. */
      idempotencyKey: string;
      /** What postLead resolved with. */
      result: LeadResult;
    }
  | {
      /** false: this lead failed; the others are unaffected. */
      ok: false;
      /** The lead's position in the batch. */
      index: number;
      /** The Idempotency-Key it was (or would have been) sent with: retry the lead with it. */
      idempotencyKey: string | undefined;
      /** Why: what postLead threw (a SpeedToLeadError, or a TypeError for a bad key). */
      error: unknown;
    };

/** A pace kept from the service's answers: how many requests are left and how long one takes to refill. */
function ratePacer(signal: AbortSignal | undefined) {
  let budget = Number.POSITIVE_INFINITY;
  let msPerRequest = 0;
  let pausedUntil = 0;
  let inFlight = 0;
  return {
    /** Waits until the service's budget allows one more request. */
    async turn(): Promise<void> {
      for (;;) {
        const wait = pausedUntil - Date.now();
        if (wait > 0) await sleep(wait, signal);
        else if (budget >= 1) {
          budget--;
          inFlight++;
          return;
        } else {
          // None known to be left: the next one refills after msPerRequest.
          pausedUntil = Date.now() + msPerRequest;
          budget = 1;
        }
      }
    },
    /** Takes the budget from an answer's RateLimit-* headers, and a 429's Retry-After. */
    observe(state: RateLimitState | undefined, retryAfterSeconds?: number): void {
      inFlight--;
      if (state) {
        // Requests still in flight may have been sent after the service counted this one.
        budget = state.remaining - inFlight;
        const spent = state.limit - state.remaining;
        if (state.resetSeconds > 0 && spent > 0) msPerRequest = (state.resetSeconds * 1000) / spent;
      }
      if (retryAfterSeconds !== undefined) {
        pausedUntil = Math.max(pausedUntil, Date.now() + retryAfterSeconds * 1000);
        budget = 0;
      }
    },
  };
}

/**
 * Posts every lead through `client`, `concurrency` at a time, and resolves with one item per lead in
 * order: its result or its error, and its idempotency key. Never rejects for a lead's failure; an abort
 * (`signal`) gives every lead not yet answered a UserAbortError. Starts slow down to what the service's
 * RateLimit-Remaining and -Reset answers allow, and wait out a 429's Retry-After.
 *
 * @example
 * const items = await postLeads(client, rows.map(toLead), { concurrency: 8 });
 * const failed = items.filter((item) => !item.ok); // retry these with their idempotencyKey
 */
export async function postLeads(
  client: LeadClient,
  leads: readonly LeadInput[],
  options: PostLeadsOptions = {},
): Promise<LeadBatchItem[]> {
  const { concurrency = 4, idempotencyKey: keyOf, ...perLead } = options;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > MAX_BATCH_CONCURRENCY) {
    throw new RangeError(`concurrency must be a whole number from 1 to ${MAX_BATCH_CONCURRENCY}.`);
  }
  const pacer = ratePacer(options.signal);
  const items: LeadBatchItem[] = new Array(leads.length);
  let next = 0;

  async function postOne(index: number): Promise<LeadBatchItem> {
    const lead = leads[index] as LeadInput;
    let key: string | undefined;
    let sent = false;
    try {
      key = (await keyOf?.(lead, index)) ?? lead.idempotency_key ?? randomKey();
      await pacer.turn();
      sent = true;
      const result = await client.postLead(lead, { ...perLead, idempotencyKey: key });
      pacer.observe(result.rateLimit);
      return { ok: true, index, idempotencyKey: key, result };
    } catch (caught) {
      const { signal } = options;
      const error =
        signal?.aborted && !(caught instanceof UserAbortError) ? new UserAbortError(signal.reason) : caught;
      if (sent) {
        const { headers, status, retryAfter } = error as Partial<LeadIntakeError>;
        pacer.observe(
          headers instanceof Headers ? rateLimitState(headers) : undefined,
          status === 429 ? retryAfter : undefined,
        );
      }
      return { ok: false, index, idempotencyKey: key, error };
    }
  }

  const worker = async () => {
    while (next < leads.length) {
      const index = next++;
      items[index] = await postOne(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, leads.length) }, worker));
  return items;
}
