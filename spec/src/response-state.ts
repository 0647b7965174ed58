// Where a lead stands with the five-minute response (the assistant's call).
import { type Static, Type } from "@sinclair/typebox";
import { literalUnion } from "./literal-union.ts";
import { text } from "./text.ts";

export const RESPONSE_STATES = ["pending", "handed_off", "missed", "not_called"] as const;
export const NOT_CALLED_REASONS = [
  "test",
  "no_consent",
  "no_phone",
  "opted_out",
  "wrong_number",
  "held",
  "evidence_missing",
  "unverified",
  "called_recently",
  "location_unknown",
  "no_common_hours",
] as const;

export type ResponseState = (typeof RESPONSE_STATES)[number];
export type NotCalledReason = (typeof NOT_CALLED_REASONS)[number];

export const ResponseStateSchema = Type.Object(
  {
    state: literalUnion(RESPONSE_STATES, {
      description: text(
        "ResponseState.state.description",
        "pending: waiting to be handed to the assistant. handed_off: the assistant acknowledged it. missed: it could not be handed off before respond_by. not_called: nothing is done (a test lead, or no permitted way to answer: the call is refused and there is no email). A repeat that permits a call after respond_by starts a new five-minute response (pending, with a new respond_by) instead.",
      ),
    }),
    reason: Type.Optional(
      literalUnion(NOT_CALLED_REASONS, {
        description: text(
          "ResponseState.reason.description",
          "Why the assistant may not call the lead; absent when it may. With pending, handed_off or missed the response is by email only. test: a test lead. no_consent: no complete consent block. no_phone: no phone to call. The first that applies, in that order. Then, for a lead that is otherwise call-eligible: opted_out: its number is on the account's do-not-call list (the person asked not to be called; an email answer is still allowed, as the opt-out is about calls); wrong_number: the person at that number said it is not theirs, so the consent given for it no longer counts (an email answer is still allowed); held: an operator's emergency hold covers its area code past respond_by (an email answer is still allowed); evidence_missing: its account requires a TrustedForm certificate or a LeadiD token in the consent block and the lead has none (an email answer is still allowed; a repeat that brings the evidence permits the call); unverified: it came through an intake-only token that requires a bot check and the check failed or was missing, or its form's honeypot field was filled: held until an owner releases it (an email answer is still allowed); called_recently: it came through an intake-only token, and another lead of the account with the same number had a call started within the account's cool-down (24 hours unless set otherwise): this lead joins that lead's history instead of starting another call (an email answer is still allowed). Decided at the hand-off, within the five minutes: location_unknown: nothing places the person (the phone's area code is toll-free, premium, non-geographic or unknown, and the lead has no state or postal_code) and the account does not call such numbers; no_common_hours: the places the person may be (area code, timezone, state, postal_code) share no permitted calling hour within a week. In both an email answer is still allowed.",
        ),
      }),
    ),
  },
  {
    "x-component": "ResponseState",
    additionalProperties: false,
    description: text(
      "ResponseState.description",
      "The five-minute response of this lead, as of the moment the response was written.",
    ),
  },
);

export type LeadResponseState = Static<typeof ResponseStateSchema>;
