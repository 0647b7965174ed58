// Type tests, checked by `bun run --cwd sdk typecheck` (tsc): what must and must not compile.
// At run time vitest only sees the expectTypeOf calls, which do nothing.
import { describe, expectTypeOf, it } from "vitest";
import {
  type Consent,
  type ConsentInput,
  consentBlock,
  createLeadClient,
  type FieldError,
  type LeadInput,
  type LeadResult,
  type RateLimitError,
  type StoredLead,
  type ValidationError,
} from "../src/index";
import { normalizeUsPhone, type PhoneNumberError } from "../src/phone";

const capturedAt = new Date(0);

describe("types", () => {
  it("consentBlock needs all three parts", () => {
    expectTypeOf(consentBlock).parameter(0).toEqualTypeOf<ConsentInput>();
    expectTypeOf(consentBlock).returns.toEqualTypeOf<Consent>();
    expectTypeOf<Consent>().toEqualTypeOf<{ source: string; reference: string; captured_at: string }>();
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
    expectTypeOf(client.postLead)
      .parameter(1)
      .toEqualTypeOf<{ idempotencyKey?: string; signal?: AbortSignal } | undefined>();
    // @ts-expect-error tokenHeader is one of two header names.
    createLeadClient({ baseUrl: "http://localhost", token: "t", tokenHeader: "cookie" });
  });

  it("the typed openapi-fetch client knows the paths", () => {
    const { api } = createLeadClient({ baseUrl: "http://localhost", token: "t" });
    const calls = () => {
      api.GET("/api/openapi.json");
      // @ts-expect-error there is no such path.
      api.GET("/api/leads");
    };
    expectTypeOf(calls).toBeFunction();
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
});
