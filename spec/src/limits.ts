// The numbers the contract promises, in one place: the server enforces them and the spec documents them.

/** Largest accepted request body, in bytes (64 KiB). */
export const MAX_BODY_BYTES = 64 * 1024;

/** How far in the future consent.captured_at may be, to absorb clock skew between sender and service. */
export const CONSENT_CLOCK_SKEW_SECONDS = 60;

/** The five-minute response: respond_by = received_at + this many seconds. */
export const RESPOND_WITHIN_SECONDS = 5 * 60;

/** Longest idempotency key, in characters. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** The path of the one inbound endpoint, kept from the service it mirrors. */
export const LEAD_INTAKE_PATH = "/api/speed-to-lead/channel-inbound.php";

/** Where the machine-readable description is served. */
export const OPENAPI_PATH = "/api/openapi.json";

/**
 * Prefix of a channel token that may read leads (every token issued before scopes, and read tokens), so
 * secret scanners can recognise one. Such a token belongs on a server, never in a web page.
 */
export const CHANNEL_TOKEN_PREFIX = "stl_ch_";

/**
 * Prefix of an intake-only channel token: it posts leads and dry runs, and a read with it is 403
 * token_intake_only. The kind to embed in a web page ("publishable", like Stripe's pk_ keys). Same
 * length as CHANNEL_TOKEN_PREFIX, so both shapes are the prefix and 43 base64url characters.
 */
export const INTAKE_TOKEN_PREFIX = "stl_pk_";

/** How many names of ignored fields a lead keeps (first seen first) for its owner's console. */
export const IGNORED_FIELDS_KEPT = 20;

/** Each kept name of an ignored field is cut to this many characters. */
export const IGNORED_FIELD_NAME_MAX = 64;

/** Where the phone assistant reports what happened on a call (signed per Standard Webhooks). */
export const ASSISTANT_EVENTS_PATH = "/api/speed-to-lead/assistant-events";

/** Where the phone assistant asks, signed, whether it may dial a hand-off's number now (the pre-dial check). */
export const CALL_CHECKS_PATH = "/api/speed-to-lead/call-checks";

/** Pre-dial checks recorded per hand-off: past it the check is refused (call_checks_exhausted), so rows stay bounded. */
export const CALL_CHECKS_PER_HANDOFF = 200;

/** How far an assistant event's webhook-timestamp may be from the service's clock, either way. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;
/** Where a sender reads the leads it posted: GET …/leads/{id}, GET …/leads?platform=…&external_lead_id=…. */
export const LEADS_PATH = "/api/speed-to-lead/leads";

/** Repeats one lead takes per rolling hour; past it a repeat is 429 lead_repeats_limited, that lead only. */
export const REPEATS_PER_LEAD_PER_HOUR = 60;

/** Identical repeats (same payload, same token) within this many seconds count in one row of a lead's history. */
export const REPEAT_GROUP_SECONDS = 60;

/** The repeats a lead's page lists (the latest), with the count of earlier ones. */
export const REPEATS_SHOWN = 50;

/** The request header that carries a bot-check token (Cloudflare Turnstile, hCaptcha) from a form. */
export const BOT_CHECK_HEADER = "Bot-Check-Token";

/** The name a repeat finds in ignored_fields when its consent block was kept out: another channel posted the lead first. */
export const CONSENT_OF_ANOTHER_CHANNEL = "consent (the lead's first channel keeps its own)";
