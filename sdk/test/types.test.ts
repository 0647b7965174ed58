// Type tests, checked by `bun run --cwd sdk typecheck` (tsc), twice: with the repository's options and
// with exactOptionalPropertyTypes (tsconfig.types-strict.json). What must and must not compile.
// At run time vitest only sees the expectTypeOf calls, which do nothing.
import { describe, expectTypeOf, it } from "vitest";
import { createApiClient } from "../src/api-client";
import {
  type AuthenticationError,
  type BadRequestError,
  type ConflictError,
  ConnectionError,
  type Consent,
  type ConsentEvidenceInput,
  type ConsentInput,
  consentBlock,
  createLeadClient,
  type FieldError,
  findLead,
  getLead,
  type IdempotencyConflictError,
  type InternalServerError,
  isConnectionError,
  isLeadIntakeError,
  isSpeedToLeadError,
  type LeadBatchItem,
  type LeadInput,
  type LeadIntakeError,
  type LeadLanguage,
  type LeadNotModified,
  type LeadRead,
  type LeadResult,
  type LeadSource,
  type LeadStatus,
  type Logger,
  type LogMethod,
  type MethodNotAllowedError,
  type NotFoundError,
  type PayloadTooLargeError,
  type PermissionDeniedError,
  type PostLeadOptions,
  type ProblemCode,
  postLeads,
  type RateLimitError,
  type RateLimitState,
  type ResponseEvent,
  type ResponseStatus,
  SpeedToLeadError,
  type StoredLead,
  type UnavailableError,
  type UnsupportedMediaTypeError,
  ValidationError,
} from "../src/index";
import { normalizeUsPhone, type PhoneNumberError } from "../src/phone";

const capturedAt = new Date(0);

describe("types", () => {
  it("consentBlock needs all three parts", () => {
    expectTypeOf(consentBlock).parameter(0).toEqualTypeOf<ConsentInput>();
    expectTypeOf(consentBlock).returns.toEqualTypeOf<Consent>();
    expectTypeOf<Consent>().toEqualTypeOf<{
      source: string;
      reference: string;
      captured_at: string;
      // Consent evidence: optional.
      trustedform_url?: string;
      leadid_token?: string;
      disclosure?: string;
      sellers?: string[];
      page_url?: string;
      ip_address?: string;
      user_agent?: string;
    }>();
    expectTypeOf<ConsentInput["capturedAt"]>().toEqualTypeOf<Date | string>();
    // Types only: these calls never run.
    const partial = () => {
      // @ts-expect-error capturedAt is missing: a partial consent block does not compile.
      consentBlock({ source: "webform", reference: "sub_1" });
      // @ts-expect-error reference is missing.
      consentBlock({ source: "webform", capturedAt });
      // @ts-expect-error source is missing.
      consentBlock({ reference: "sub_1", capturedAt });
      // @ts-expect-error capturedAt must be a Date or a string.
      consentBlock({ source: "webform", reference: "sub_1", capturedAt: 1_700_000_000 });
      consentBlock({ source: "webform", reference: "sub_1", capturedAt });
    };
    expectTypeOf(partial).toBeFunction();
  });

  it("consentBlock takes the spec's evidence fields, in camelCase, typed as the spec types them", () => {
    expectTypeOf<ConsentEvidenceInput>().toEqualTypeOf<{
      trustedformUrl?: string | undefined;
      leadidToken?: string | undefined;
      disclosure?: string | undefined;
      sellers?: string[] | undefined;
      pageUrl?: string | undefined;
      ipAddress?: string | undefined;
      userAgent?: string | undefined;
    }>();
    expectTypeOf<ConsentInput>().toExtend<ConsentEvidenceInput>();
    // Types only: these calls never run.
    const evidence = () => {
      consentBlock({
        source: "webform",
        reference: "sub_1",
        capturedAt,
        leadidToken: undefined,
        sellers: ["Acme"],
      });
      // @ts-expect-error sellers is a list of names.
      consentBlock({ source: "webform", reference: "sub_1", capturedAt, sellers: "Acme" });
      // @ts-expect-error the wire name is not the input's: trustedformUrl.
      consentBlock({ source: "webform", reference: "sub_1", capturedAt, trustedform_url: "https://…" });
    };
    expectTypeOf(evidence).toBeFunction();
  });

  it("a lead needs a phone or an email, and a consent block in the lead must be complete", () => {
    expectTypeOf({ phone: "+14155552671" }).toExtend<LeadInput>();
    expectTypeOf({ email: "ana@example.com", first_name: "Ana" }).toExtend<LeadInput>();
    expectTypeOf({ first_name: "Ana" }).not.toExtend<LeadInput>();
    // @ts-expect-error no phone and no email.
    const noContact: LeadInput = { first_name: "Ana" };
    // @ts-expect-error consent without captured_at.
    const partialConsent: LeadInput = { phone: "+14155552671", consent: { source: "s", reference: "r" } };
    // @ts-expect-error language is en or es.
    const badLanguage: LeadInput = { phone: "+14155552671", language: "fr" };
    const noConsent: LeadInput = { phone: "+14155552671", consent: null };
    expectTypeOf([noContact, partialConsent, badLanguage, noConsent]).toBeArray();
  });

  it("postLead resolves to a LeadResult with the stored lead in wire names", () => {
    const client = createLeadClient({ baseUrl: "http://localhost", token: "t" });
    expectTypeOf(client.postLead).returns.resolves.toEqualTypeOf<LeadResult>();
    expectTypeOf<LeadResult["lead"]>().toEqualTypeOf<StoredLead>();
    expectTypeOf<LeadResult["callEligible"]>().toEqualTypeOf<boolean>();
    expectTypeOf<StoredLead["phone"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf(client.postLead).parameter(1).toEqualTypeOf<PostLeadOptions | undefined>();
    expectTypeOf<LeadResult["requestId"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<LeadResult["idempotencyKey"]>().toEqualTypeOf<string>();
    expectTypeOf<LeadResult["attempts"]>().toEqualTypeOf<number>();
    expectTypeOf<LeadResult["rateLimit"]>().toEqualTypeOf<RateLimitState | undefined>();
    const withResponse = () => client.postLead({ phone: "+14155552671" }).withResponse();
    expectTypeOf(withResponse).returns.resolves.toEqualTypeOf<{ result: LeadResult; response: Response }>();
    // @ts-expect-error tokenHeader is one of two header names.
    createLeadClient({ baseUrl: "http://localhost", token: "t", tokenHeader: "cookie" });
  });

  it("the typed openapi-fetch client knows the paths", () => {
    const api = createApiClient(createLeadClient({ baseUrl: "http://localhost", token: "t" }));
    const calls = () => {
      api.GET("/api/openapi.json");
      // @ts-expect-error there is no such path.
      api.GET("/api/leads");
    };
    expectTypeOf(calls).toBeFunction();
  });

  it("every option of the client, of a post and of a read takes undefined (exactOptionalPropertyTypes)", () => {
    const unset = undefined;
    // Types only: this client is never made (it would find no baseUrl).
    const unmade = () =>
      createLeadClient({
        baseUrl: unset,
        token: unset,
        tokenHeader: unset,
        fetch: unset,
        timeoutMs: unset,
        maxRetries: unset,
        headers: { "Accept-Language": unset },
        onRetry: unset,
        logLevel: unset,
        logger: unset,
      });
    const client = createLeadClient({ baseUrl: "http://localhost", token: "t" });
    const calls = () => {
      client.postLead({ phone: "+14155552671" }, { idempotencyKey: unset, signal: unset, dryRun: unset });
      getLead(client, "id", { timeoutMs: unset, maxRetries: unset, headers: unset, signal: unset });
      findLead(client, { platform: "crm", external_lead_id: "A-1" }, { signal: unset });
      // @ts-expect-error logLevel is one of five names.
      createLeadClient({ logLevel: "verbose" });
    };
    expectTypeOf([unmade, calls]).toBeArray();
    expectTypeOf<LeadResult["dryRun"]>().toEqualTypeOf<boolean>();
    // A plain read always carries the lead (with its details); a conditional one may be a 304.
    const plain = () => getLead(client, "id");
    const conditional = () => getLead(client, "id", { ifNoneMatch: '"v1"' });
    expectTypeOf(plain).returns.resolves.toEqualTypeOf<LeadRead>();
    expectTypeOf(plain).returns.resolves.toExtend<LeadStatus>();
    expectTypeOf(conditional).returns.resolves.toEqualTypeOf<LeadRead | LeadNotModified>();
    // An earlier read's etag (string | undefined) may be passed as it is.
    const fromEarlier = (earlier: LeadRead) => getLead(client, "id", { ifNoneMatch: earlier.etag });
    expectTypeOf(fromEarlier).returns.resolves.toEqualTypeOf<LeadRead | LeadNotModified>();
  });

  it("errors carry typed fields", () => {
    expectTypeOf<ValidationError["errors"]>().toEqualTypeOf<FieldError[]>();
    expectTypeOf<FieldError["code"]>().toExtend<string>();
    expectTypeOf<"phone_not_us">().toExtend<FieldError["code"]>();
    expectTypeOf<RateLimitError["retryAfter"]>().toEqualTypeOf<number | undefined>();
    expectTypeOf<RateLimitError["status"]>().toEqualTypeOf<number>();
    expectTypeOf<PhoneNumberError["code"]>().toEqualTypeOf<"phone_invalid" | "phone_not_us">();
    expectTypeOf(normalizeUsPhone).returns.toEqualTypeOf<string>();
  });

  it("optional fields and options take undefined, also under exactOptionalPropertyTypes", () => {
    const maybe = (): string | undefined => undefined;
    const lead: LeadInput = {
      phone: "+14155552671",
      email: maybe(),
      first_name: maybe(),
      source: maybe(),
      language: undefined,
      consent: undefined,
      idempotency_key: maybe(),
    };
    const options: PostLeadOptions = {
      idempotencyKey: maybe(),
      signal: undefined,
      timeoutMs: undefined,
      maxRetries: undefined,
      headers: undefined,
    };
    const client = () =>
      createLeadClient({ baseUrl: "http://localhost", token: "t", tokenHeader: undefined, fetch: undefined });
    expectTypeOf([lead, options, client]).toBeArray();
    // @ts-expect-error a phone must be a string when it is the contact: undefined is not a contact.
    const noPhone: LeadInput = { phone: undefined };
    expectTypeOf(noPhone).toExtend<LeadInput>();
  });

  it("source offers the known values and takes any string; the enums have names", () => {
    expectTypeOf<"partner">().toExtend<LeadSource>();
    expectTypeOf<"zapier">().toExtend<NonNullable<LeadInput["source"]>>();
    expectTypeOf<"my-own-crm">().toExtend<NonNullable<LeadInput["source"]>>();
    expectTypeOf<"my-own-crm">().not.toExtend<LeadSource>();
    expectTypeOf<LeadLanguage>().toEqualTypeOf<"en" | "es">();
    expectTypeOf<ResponseStatus>().toEqualTypeOf<"pending" | "handed_off" | "missed" | "not_called">();
    // @ts-expect-error source is a string, not a number.
    const badSource: LeadInput = { email: "ana@example.com", source: 7 };
    expectTypeOf(badSource).toExtend<LeadInput>();
  });

  it("instanceof and the guards narrow, through the cross-build Symbol.hasInstance", () => {
    const narrow = (error: unknown) => {
      if (error instanceof ValidationError) expectTypeOf(error).toEqualTypeOf<ValidationError>();
      if (error instanceof ConnectionError) expectTypeOf(error).toEqualTypeOf<ConnectionError>();
      if (error instanceof SpeedToLeadError)
        expectTypeOf(error.requestId).toEqualTypeOf<string | undefined>();
      if (isLeadIntakeError(error)) expectTypeOf(error).toEqualTypeOf<LeadIntakeError>();
      if (isConnectionError(error)) expectTypeOf(error).toEqualTypeOf<ConnectionError>();
      if (isSpeedToLeadError(error)) expectTypeOf(error).toEqualTypeOf<SpeedToLeadError>();
    };
    expectTypeOf(narrow).toBeFunction();
    expectTypeOf<LeadIntakeError>().toExtend<SpeedToLeadError>();
    expectTypeOf<ConnectionError>().toExtend<SpeedToLeadError>();
  });

  it("each error class's code is narrowed to its problem codes, and together they cover the spec's", () => {
    expectTypeOf<NotFoundError["code"]>().toEqualTypeOf<
      "lead_not_found" | "handoff_not_found" | "not_found" | "unexpected_response"
    >();
    expectTypeOf<RateLimitError["code"]>().toEqualTypeOf<
      "rate_limited" | "too_many_failed_authentications" | "lead_repeats_limited" | "unexpected_response"
    >();
    expectTypeOf<IdempotencyConflictError["code"]>().toEqualTypeOf<
      | "idempotency_request_in_flight"
      | "idempotency_key_mismatch"
      | "idempotency_key_reused"
      | "unexpected_response"
    >();
    type Covered =
      | BadRequestError["code"]
      | AuthenticationError["code"]
      | PermissionDeniedError["code"]
      | NotFoundError["code"]
      | MethodNotAllowedError["code"]
      | ConflictError["code"]
      | IdempotencyConflictError["code"]
      | PayloadTooLargeError["code"]
      | UnsupportedMediaTypeError["code"]
      | ValidationError["code"]
      | RateLimitError["code"]
      | InternalServerError["code"]
      | UnavailableError["code"];
    expectTypeOf<ProblemCode>().toExtend<Covered>();
    expectTypeOf<SpeedToLeadError["idempotencyKey"]>().toEqualTypeOf<string | undefined>();
    expectTypeOf<SpeedToLeadError["attempts"]>().toEqualTypeOf<number>();
  });

  it("loggers called object first (pino's order), partial ones too; hooks are typed", () => {
    const pinoLike = { info: (_object: object, _message?: string) => {}, level: "info" };
    const client = () =>
      createLeadClient({
        logger: pinoLike,
        onRequest: (event) => expectTypeOf(event.headers).toEqualTypeOf<Headers>(),
        onResponse: (event) => expectTypeOf(event.status).toEqualTypeOf<number | undefined>(),
      });
    expectTypeOf(client).returns.toExtend<{ postLead: unknown }>();
    expectTypeOf<ResponseEvent["durationMs"]>().toEqualTypeOf<number>();
    expectTypeOf<Logger["debug"]>().toEqualTypeOf<LogMethod | undefined>();
  });

  it("postLeads gives each lead its result or its error, with its key", () => {
    const batch = () => postLeads(createLeadClient(), [{ email: "a@example.com" }], { concurrency: 2 });
    expectTypeOf(batch).returns.resolves.toEqualTypeOf<LeadBatchItem[]>();
    const use = (item: LeadBatchItem) => (item.ok ? item.result.id : item.idempotencyKey);
    expectTypeOf(use).returns.toEqualTypeOf<string | undefined>();
  });
});
