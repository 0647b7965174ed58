// Public names for the wire types generated from spec/openapi.json, so callers never import generated/.
import type { components } from "./generated/schema";

type Schemas = components["schemas"];

/**
 * A lead as sent: a phone or an email is required (a lead with neither does not compile).
 *
 * @example const lead: LeadInput = { phone: "(415) 555-2671", first_name: "Ana" };
 */
export type LeadInput = Schemas["LeadInput"];
/** The consent block on the wire: all three fields, or none. Build one with `consentBlock()`. */
export type Consent = Schemas["Consent"];
/** The lead as the service stored it (phone in E.164, source after the fallback). */
export type StoredLead = Schemas["StoredLead"];
/** The success body of postLead, as sent by the service (snake_case). */
export type LeadAccepted = Schemas["LeadAccepted"];
/** An RFC 9457 problem body, as sent by the service with every error status. */
export type Problem = Schemas["Problem"];
/** One entry of a 422's `errors[]`: which field (JSON Pointer), why (code) and a message for people. */
export type FieldError = Schemas["FieldError"];
/** Stable codes of the problem bodies (`token_invalid`, `validation_failed`, …). */
export type ProblemCode = Problem["code"];
/** Stable codes of field errors (`phone_not_us`, `consent_in_future`, …). */
export type FieldErrorCode = FieldError["code"];

export type { components, paths } from "./generated/schema";
