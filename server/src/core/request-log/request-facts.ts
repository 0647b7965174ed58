// The few facts the integration doctor needs of a request, derived from its headers, its body and its state when
// the request log records it: flags and whole seconds only, never a value a lead carried.
import { isUuid } from "../../db/uuid-text.ts";
import type { RequestState } from "../../http/request-state.ts";

/** What the doctor reads of one request; null where the request did not say (no body, no Date header). */
export interface RequestFacts {
  /** An Idempotency-Key header or a body `idempotency_key` came with the post; null for a request without a body. */
  idempotencyKey: boolean | null;
  /** The lead the request stored or replayed. */
  leadId: string | null;
  /** Seconds from consent.captured_at to the request's arrival: negative when captured_at lies ahead of it. */
  consentLagSeconds: number | null;
  /** Seconds the Date header lies ahead of the server's clock (negative: behind). */
  clockSkewSeconds: number | null;
  /** Whether a Bot-Check-Token came; null where the token requires none. */
  botCheckSent: boolean | null;
}

/** The two headers the facts read, as the request carried them (null when absent). */
export interface FactHeaders {
  date: string | null;
  idempotencyKey: string | null;
}

/** A 32-bit column holds it: ±68 years either way, far past anything the doctor tells apart. */
const SECONDS_BOUND = 2_000_000_000;
const clampSeconds = (ms: number) => Math.max(-SECONDS_BOUND, Math.min(SECONDS_BOUND, Math.round(ms / 1000)));

/** An RFC 3339 date-time with a zone, as the contract takes captured_at; anything else tells nothing. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

const capturedAtOf = (body: unknown): number | undefined => {
  if (body === null || typeof body !== "object") return undefined;
  const consent = (body as { consent?: unknown }).consent;
  if (consent === null || typeof consent !== "object") return undefined;
  const text = (consent as { captured_at?: unknown }).captured_at;
  if (typeof text !== "string" || !DATE_TIME.test(text)) return undefined;
  const time = Date.parse(text.replace(/(\.\d{3})\d+/, "$1"));
  return Number.isNaN(time) ? undefined : time;
};

/** An HTTP date (IMF-fixdate, as clients send it) is at most 29 characters; a longer header is not read. */
const dateHeaderOf = (value: string | null): number | undefined => {
  if (!value || value.length > 64) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
};

const hasBodyKey = (body: unknown): boolean =>
  body !== null &&
  typeof body === "object" &&
  typeof (body as { idempotency_key?: unknown }).idempotency_key === "string";

/**
 * @example requestFacts({ date: null, idempotencyKey: "k1" }, state, new Date()) // { idempotencyKey: false, leadId: "0193…", consentLagSeconds: 0, … }
 */
export function requestFacts(headers: FactHeaders | undefined, state: RequestState, at: Date): RequestFacts {
  const body = state.postedBody;
  const captured = capturedAtOf(body);
  const date = dateHeaderOf(headers?.date ?? null);
  return {
    idempotencyKey: body === undefined ? null : Boolean(headers?.idempotencyKey?.trim()) || hasBodyKey(body),
    leadId: state.leadId && isUuid(state.leadId) ? state.leadId : null,
    consentLagSeconds: captured === undefined ? null : clampSeconds(at.getTime() - captured),
    clockSkewSeconds: date === undefined ? null : clampSeconds(date - at.getTime()),
    botCheckSent: state.botCheckSent ?? null,
  };
}
