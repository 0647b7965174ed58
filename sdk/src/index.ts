// @speed-to-lead/sdk: post leads to the lead intake API. US phone helpers live in "@speed-to-lead/sdk/phone".
export { isSpeedToLeadError, SpeedToLeadError } from "./base-error";
export {
  createLeadClient,
  LEAD_INTAKE_PATH,
  type LeadClient,
  type LeadClientOptions,
  type LeadPromise,
  type PostLeadOptions,
  type RequestOptions,
  type RetryEvent,
} from "./client";
export { CONSENT_CLOCK_SKEW_MS, ConsentError, type ConsentInput, consentBlock } from "./consent";
export {
  AuthenticationError,
  ConnectionError,
  IdempotencyConflictError,
  isConnectionError,
  isLeadIntakeError,
  LeadIntakeError,
  type LeadIntakeErrorCode,
  RateLimitError,
  TimeoutError,
  UnavailableError,
  ValidationError,
} from "./errors";
export { type IdempotencyKeyFactory, idempotencyKey } from "./idempotency";
export type { LeadResult, RateLimitState } from "./result";
export type {
  Consent,
  components,
  FieldError,
  FieldErrorCode,
  LeadAccepted,
  LeadContact,
  LeadFields,
  LeadInput,
  LeadLanguage,
  LeadSource,
  LeadWithEmail,
  LeadWithPhone,
  Problem,
  ProblemCode,
  paths,
  ResponseState,
  ResponseStatus,
  StoredLead,
} from "./types";
