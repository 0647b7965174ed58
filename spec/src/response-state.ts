// Where a lead stands with the five-minute response (the assistant's call).
import { type Static, Type } from "@sinclair/typebox";

export const RESPONSE_STATES = ["pending", "handed_off", "missed", "not_called"] as const;
export const NOT_CALLED_REASONS = ["test", "no_consent", "no_phone", "opted_out", "wrong_number"] as const;

export type ResponseState = (typeof RESPONSE_STATES)[number];
export type NotCalledReason = (typeof NOT_CALLED_REASONS)[number];

export const ResponseStateSchema = Type.Object(
  {
    state: Type.Union(
      RESPONSE_STATES.map((state) => Type.Literal(state)),
      {
        description:
          "pending: call-eligible, waiting to be handed to the assistant. handed_off: the assistant acknowledged it. missed: it could not be handed off before respond_by (also a lead that became call-eligible through a repeat after its respond_by had passed: the five-minute response is never given late or twice). not_called: the assistant will never call it (see reason).",
      },
    ),
    reason: Type.Optional(
      Type.Union(
        NOT_CALLED_REASONS.map((reason) => Type.Literal(reason)),
        {
          description:
            "Only with not_called. test: a test lead. no_consent: no complete consent block. no_phone: no phone to call. The first that applies, in that order. Then, for a lead that is otherwise call-eligible: opted_out: its number is on the account's do-not-call list (the person asked not to be called); wrong_number: the person at that number said it is not theirs, so the consent given for it no longer counts.",
        },
      ),
    ),
  },
  {
    "x-component": "ResponseState",
    additionalProperties: false,
    description: "The five-minute response of this lead, as of the moment the response was written.",
  },
);

export type LeadResponseState = Static<typeof ResponseStateSchema>;
