// Public names for the wire types generated from spec/openapi.json, so callers never import generated/.
import type { components } from "./generated/schema";

type Schemas = components["schemas"];
type WireLeadInput = Schemas["LeadInput"];

/** The sources the service knows (form, chatbot, api, partner, …); any other string is stored as "form". */
export type LeadSource = Schemas["LeadSource"];
/** The language in which the person is answered. */
export type LeadLanguage = NonNullable<WireLeadInput["language"]>;
/** The five-minute response of a stored lead: where it stands, and why it is not called. */
export type ResponseState = Schemas["ResponseState"];
/** Where a lead's five-minute response stands: pending, handed_off, missed or not_called. */
export type ResponseStatus = ResponseState["state"];

/** The wire fields as one object type: mapped over with `keyof`, each field keeps its description. */
type WireFields = Pick<WireLeadInput, keyof WireLeadInput>;
/** Homomorphic (`in keyof … as …`), so editors still show each field's description from the spec. */
type OptionalWireFields = {
  [Field in keyof WireFields as Exclude<Field, "source" | "consent">]?: WireFields[Field] | undefined;
};

/**
 * Every field of a lead, all optional; `undefined` is the same as leaving a field out (also under
 * `exactOptionalPropertyTypes`). `source` suggests the known values and takes any string.
 */
export interface LeadFields extends OptionalWireFields {
  /**
   * Where the lead came from: one of the known sources (form, chatbot, api, partner, …); any other
   * string is stored as "form", the value sent kept in the stored lead's source_original.
   */
  source?: LeadSource | (string & {}) | undefined;
  /**
   * Who collected the person's consent to be called, and when: build it with `consentBlock()`.
   * Absent or null: the lead is stored and never called.
   */
  consent?: Consent | null | undefined;
}

/** The contact rule, first way: a lead reached by phone (the number in any common US format). */
export interface LeadWithPhone {
  /** A US phone number in any common format: +14155552671, (415) 555-2671, 1-415-555-2671. */
  phone: string;
}
/** The contact rule, second way: a lead reached by email. */
export interface LeadWithEmail {
  /** An email address. */
  email: string;
}
/** The contact rule of the service: a lead needs a phone or an email (or both). */
export type LeadContact = LeadWithPhone | LeadWithEmail;

/**
 * A lead as sent: its fields, and a phone or an email (a lead with neither does not compile: the
 * compiler says `phone` or `email` is missing).
 *
 * @example const lead: LeadInput = { phone: "(415) 555-2671", first_name: "Ana" };
 */
export type LeadInput = LeadFields & LeadContact;
/** The consent block on the wire: all three fields, or none. Build one with `consentBlock()`. */
export type Consent = Schemas["Consent"];
/** The lead as the service stored it (phone in E.164, source after the fallback). */
export type StoredLead = Schemas["StoredLead"];
/** The success body of postLead, as sent by the service (snake_case). */
export type LeadAccepted = Schemas["LeadAccepted"];
/** GET of a lead: the stored lead, its response and its hand-off attempts. */
export type LeadStatus = Schemas["LeadStatus"];
/** One request that named the token, accepted or refused: status, problem code, pointers, the body's shape. */
export type RequestLogEntry = Schemas["RequestLogEntry"];
/** What the assistant receives for each response of a lead (the spec's lead.handoff webhook). */
export type HandoffPayload = Schemas["HandoffPayload"];
/** What a sender hears about its leads: lead.handed_off, lead.missed, lead.not_called. */
export type StatusCallback = Schemas["StatusCallback"];
/** An RFC 9457 problem body, as sent by the service with every error status. */
export type Problem = Schemas["Problem"];
/** One entry of a 422's `errors[]`: which field (JSON Pointer), why (code) and a message for people. */
export type FieldError = Schemas["FieldError"];
/** Stable codes of the problem bodies (`token_invalid`, `validation_failed`, …). */
export type ProblemCode = Problem["code"];
/** Stable codes of field errors (`phone_not_us`, `consent_in_future`, …). */
export type FieldErrorCode = FieldError["code"];

export type { components, paths } from "./generated/schema";
