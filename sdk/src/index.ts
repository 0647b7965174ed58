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
  BadRequestError,
  ConflictError,
  ConnectionError,
  IdempotencyConflictError,
  InternalServerError,
  isConnectionError,
  isLeadIntakeError,
  LeadIntakeError,
  type LeadIntakeErrorCode,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  TimeoutError,
  UnavailableError,
  UnsupportedMediaTypeError,
  UserAbortError,
  ValidationError,
} from "./errors";
export type { AttemptEvent, Hooks, RequestEvent, ResponseEvent, RetryEvent } from "./hooks";
export { type IdempotencyKeyFactory, idempotencyKey } from "./idempotency";
export {
  findLead,
  getLead,
  type LeadNotModified,
  type LeadRead,
  type ReadDetails,
  type ReadLeadOptions,
} from "./leads";
export {
  type LeadBatchItem,
  MAX_BATCH_CONCURRENCY,
  type PostLeadsOptions,
  postLeads,
} from "./leads-batch";
export type { LogFields, Logger, LogLevel, LogMethod } from "./logger";
export { RETRY_COUNT_HEADER, type RequestOptions } from "./request";
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
