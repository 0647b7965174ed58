// @speed-to-lead/sdk: post leads to the lead intake API. US phone helpers live in "@speed-to-lead/sdk/phone".
export {
  createLeadClient,
  LEAD_INTAKE_PATH,
  type LeadClient,
  type LeadClientOptions,
  type PostLeadOptions,
} from "./client";
export { CONSENT_CLOCK_SKEW_MS, ConsentError, type ConsentInput, consentBlock } from "./consent";
export {
  AuthenticationError,
  ConnectionError,
  IdempotencyConflictError,
  LeadIntakeError,
  type LeadIntakeErrorCode,
  RateLimitError,
  TimeoutError,
  UnavailableError,
  ValidationError,
} from "./errors";
export { type IdempotencyKeyFactory, idempotencyKey } from "./idempotency";
export type { LeadResult } from "./result";
export type {
  Consent,
  components,
  FieldError,
  FieldErrorCode,
  LeadAccepted,
  LeadInput,
  Problem,
  ProblemCode,
  paths,
  StoredLead,
} from "./types";
