// consentBlock(): builds the wire consent block and refuses, before any request, what the service would.
import { SpeedToLeadError } from "./base-error";
import {
  type ConsentEvidenceField,
  type ConsentEvidenceInput,
  EVIDENCE_RULES,
  type EvidenceErrorCode,
  evidenceProblem,
  inputName,
} from "./consent-evidence";
import type { Consent } from "./types";

/**
 * All three parts are required: a partial block does not compile, as the service refuses it. The evidence
 * (trustedformUrl, leadidToken, disclosure, sellers, pageUrl, ipAddress, userAgent) is optional.
 */
export interface ConsentInput extends ConsentEvidenceInput {
  /** The form or system that collected the consent, e.g. "webform:/contact". */
  source: string;
  /** Your record of it: a submission id, a URL or a transcript id. */
  reference: string;
  /** When consent was given: a Date, or an ISO 8601 string with a zone ("Z" or "+02:00"). */
  capturedAt: Date | string;
}

/** Why consentBlock() refused its input; `code` matches the service's field error codes. */
export class ConsentError extends SpeedToLeadError {
  constructor(
    /** The service's field error code for the same input. */
    readonly code:
      | "consent_incomplete"
      | "consent_in_future"
      | "date_time_invalid"
      | EvidenceErrorCode
      | "unknown_field",
    /**
     * The wire field at fault: source, reference, captured_at or an evidence field (sellers for one of its
     * names); for `unknown_field`, the input's name that consentBlock does not know.
     */
    readonly field: keyof Consent | (string & {}),
    message: string,
  ) {
    super(message);
  }

  static override readonly kind: string = "ConsentError";
}

/** The service's allowance for clock skew: captured_at may be at most this far in the future. */
export const CONSENT_CLOCK_SKEW_MS = 60_000;

/** The most characters consent.source and consent.reference may have (the spec's maxLength). */
export const CONSENT_TEXT_MAX = 2_048;

/** The spec's date-time rule: RFC 3339 with a mandatory zone. */
export const DATE_TIME_WITH_ZONE = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/**
 * Whether a date-time (already of the right shape) names a real day and time: Date.parse would turn
 * 2026-02-30 into 2 March and 24:00 into the next day, where the service refuses both. A leap second
 * (23:59:60), which the service takes, is refused here: none is scheduled any more.
 */
function isOnCalendar(text: string): boolean {
  const [year, month, day, hour, minute, second] = text.split(/\D/).map(Number) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day));
  return (
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60
  );
}

/**
 * Returns the consent block to put in a lead's `consent`, with captured_at as ISO 8601 UTC and the evidence
 * given, exactly as given. Throws a ConsentError for an empty part, an unreadable or impossible time
 * (2026-02-30), a time more than 60 s in the future (the service refuses those with consent_incomplete and
 * consent_in_future), or evidence of the wrong shape (a certificate not on cert.trustedform.com, a LeadiD
 * token not of 36 characters, an address that is not IPv4 or IPv6, a text too long: the service's codes).
 *
 * `now` is the clock to compare against, in ms since the epoch (default `Date.now()`).
 *
 * @example
 * const consent = consentBlock({ source: "webform:/contact", reference: "sub_8812", capturedAt: new Date() });
 * // { source: "webform:/contact", reference: "sub_8812", captured_at: "2026-11-20T20:03:00.000Z" }
 */
export function consentBlock(input: ConsentInput, now: number = Date.now()): Consent {
  // A misspelled name (trustedFormUrl) would drop its evidence without a word: refused instead.
  const known = ["source", "reference", "capturedAt", ...Object.keys(EVIDENCE_RULES).map(inputName)];
  for (const name of Object.keys(input ?? {})) {
    if (!known.includes(name)) {
      throw new ConsentError("unknown_field", name, `consentBlock() takes no "${name}".`);
    }
  }
  for (const field of ["source", "reference"] as const) {
    const value: unknown = input?.[field];
    if (typeof value !== "string" || value.trim() === "") {
      throw new ConsentError("consent_incomplete", field, `consent.${field} must be a non-empty string.`);
    }
    if ([...value].length > CONSENT_TEXT_MAX) {
      throw new ConsentError("too_long", field, `consent.${field} is too long.`);
    }
  }
  const { capturedAt } = input;
  if (capturedAt === undefined || capturedAt === null || (capturedAt as unknown) === "") {
    throw new ConsentError("consent_incomplete", "captured_at", "consent.capturedAt is required.");
  }
  const time =
    capturedAt instanceof Date
      ? capturedAt.getTime()
      : typeof capturedAt === "string" && DATE_TIME_WITH_ZONE.test(capturedAt) && isOnCalendar(capturedAt)
        ? // Cut to milliseconds first: an engine that rounds .9999 would move the second.
          Date.parse(capturedAt.replace(/(\.\d{3})\d+/, "$1"))
        : Number.NaN;
  if (Number.isNaN(time)) {
    throw new ConsentError(
      "date_time_invalid",
      "captured_at",
      "consent.capturedAt must be a Date or an ISO 8601 date-time with a zone.",
    );
  }
  if (time > now + CONSENT_CLOCK_SKEW_MS) {
    throw new ConsentError(
      "consent_in_future",
      "captured_at",
      "consent.capturedAt is over 60 s ahead of this clock.",
    );
  }
  const finer = typeof capturedAt === "string" ? /\.\d{4,}/.exec(capturedAt)?.[0] : undefined;
  const block: Consent = {
    source: input.source,
    reference: input.reference,
    // A string's fraction finer than milliseconds (.123456) is put back as written: the instant, not a rounding.
    captured_at: new Date(time).toISOString().replace(/\.\d+/, (ms) => finer ?? ms),
  };
  for (const field of Object.keys(EVIDENCE_RULES) as ConsentEvidenceField[]) {
    const name = inputName(field) as keyof ConsentEvidenceInput;
    const value = input[name];
    if (value === undefined) continue;
    const problem = evidenceProblem(field, value);
    if (problem)
      throw new ConsentError(problem, field, `consent.${name} is refused by the service: ${problem}.`);
    (block as Record<string, unknown>)[field] = value;
  }
  return block;
}
