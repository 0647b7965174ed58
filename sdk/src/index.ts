// @speed-to-lead/sdk: post and follow leads. Typed client of every operation: "/api"; US phones: "/phone"; webhooks: "/webhooks".
export { isSpeedToLeadError, SpeedToLeadError } from "./base-error";
export {
  createLeadClient,
  LEAD_INTAKE_PATH,
  type LeadClient,
  type LeadClientOptions,
  type LeadPromise,
  type PostLeadOptions,
} from "./client";
export { CONSENT_CLOCK_SKEW_MS, ConsentError, type ConsentInput, consentBlock } from "./consent";
export type { ConsentEvidenceInput } from "./consent-evidence";
export {
  AuthenticationError,
  ConnectionError,
  IdempotencyConflictError,
  isConnectionError,
  isLeadIntakeError,
  LeadIntakeError,
  type LeadIntakeErrorCode,
  PermissionDeniedError,
  RateLimitError,
  TimeoutError,
  UnavailableError,
  UserAbortError,
  ValidationError,
} from "./errors";
export { type IdempotencyKeyFactory, idempotencyKey } from "./idempotency";
export { findLead, getLead, type ReadLeadOptions } from "./leads";
export type { Logger, LogLevel } from "./logger";
export { RETRY_COUNT_HEADER, type RequestOptions, type RetryEvent } from "./request";
export type { LeadResult, RateLimitState } from "./result";
export { INTAKE_TOKEN_PREFIX, READ_TOKEN_PREFIX } from "./token-scope";
export type {
  Consent,
  components,
  FieldError,
  FieldErrorCode,
  HandoffPayload,
  LeadAccepted,
  LeadContact,
  LeadFields,
  LeadInput,
  LeadLanguage,
  LeadSource,
  LeadStatus,
  LeadWithEmail,
  LeadWithPhone,
  Problem,
  ProblemCode,
  paths,
  ResponseState,
  ResponseStatus,
  StatusCallback,
  StoredLead,
} from "./types";
