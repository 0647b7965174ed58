// The assistant's pre-dial check: before each call it asks whether it may dial the hand-off's number now.
import { type Static, Type } from "@sinclair/typebox";
import { CallCapSchema } from "./call-cap.ts";
import { DateTimeWithZone } from "./date-time.ts";
import { CallWindowSchema, E164_US_PATTERN } from "./handoff-payload.ts";
import { literalUnion } from "./literal-union.ts";
import { text } from "./text.ts";

/**
 * Why a call is refused at this instant. The first three are about the hand-off itself; the others are
 * the calling rules, caps, holds and lists read at the check.
 */
export const CALL_CHECK_REFUSALS = [
  "call_not_permitted",
  "number_not_offered",
  "superseded",
  "do_not_call",
  "wrong_number",
  "held",
  "cap_reached",
  "window_closed",
] as const;
export type CallCheckRefusal = (typeof CALL_CHECK_REFUSALS)[number];

/**
 * @example { "handoff_id": "0193f0c2-…", "lead_id": "0193f0c2-…", "phone": "+13055550103" }
 */
export const CallCheckSchema = Type.Object(
  {
    handoff_id: Type.String({
      format: "uuid",
      description: text(
        "CallCheck.handoff_id.description",
        "data.handoff_id of the hand-off the call is for.",
      ),
    }),
    lead_id: Type.String({
      format: "uuid",
      description: text(
        "CallCheck.lead_id.description",
        "data.lead_id of that hand-off: a hand-off of another lead (of another account included) is not found.",
      ),
    }),
    phone: Type.String({
      pattern: E164_US_PATTERN,
      description: text("CallCheck.phone.description", "The number about to be dialled, in E.164."),
    }),
  },
  {
    "x-component": "CallCheck",
    additionalProperties: false,
    description: text("CallCheck.description", "The call the assistant is about to place."),
  },
);

export const CallCheckReasonSchema = Type.Object(
  {
    code: literalUnion(CALL_CHECK_REFUSALS, {
      description: text(
        "CallCheckReason.code.description",
        "call_not_permitted: the hand-off offered no number (email only), or the call decision made at the instant of the check refuses any call to the number (nothing places it, or its places share no calling hour). number_not_offered: the number is not the one the hand-off offered. superseded: a later hand-off of the lead replaced this one (its phone changed, or a new response opened): use that one. do_not_call: the number is on the account's do-not-call list. wrong_number: the number was reported as a wrong number after the hand-off was offered. held: an operator's emergency or holiday hold on the number's area code is in force. cap_reached: the number's call cap is used up. window_closed: the calling hours, days and holidays of every place the number may be allow no call now, nor when the holds and caps above end (call_window says when the call may start).",
      ),
    }),
    until: Type.Union(
      [DateTimeWithZone(text("CallCheckReason.until.at", "An instant in UTC.")), Type.Null()],
      {
        description: text(
          "CallCheckReason.until.description",
          "When this reason stops refusing: window_closed: when the window opens; cap_reached: when the oldest counted attempt leaves the cap's period; held: when the hold ends. null for reasons that do not end by themselves.",
        ),
      },
    ),
    jurisdiction: Type.Optional(
      Type.String({
        description: text(
          "CallCheckReason.jurisdiction.description",
          "cap_reached and held: the rule or the state of the hold (US for a hold given by area codes).",
        ),
      }),
    ),
    detail: Type.Optional(
      Type.String({
        description: text(
          "CallCheckReason.detail.description",
          "cap_reached: the cap (calls per hours); held: the hold's name and reason as the operator gave it.",
        ),
      }),
    ),
  },
  {
    "x-component": "CallCheckReason",
    additionalProperties: false,
    description: text("CallCheckReason.description", "One reason the call is refused now."),
  },
);

export const CallCheckAnswerSchema = Type.Object(
  {
    check_id: Type.String({
      format: "uuid",
      description: text(
        "CallCheckAnswer.check_id.description",
        "This check, as the lead's timeline records it.",
      ),
    }),
    handoff_id: Type.String({
      format: "uuid",
      description: text("CallCheckAnswer.handoff_id.description", "The hand-off checked."),
    }),
    lead_id: Type.String({
      format: "uuid",
      description: text("CallCheckAnswer.lead_id.description", "Its lead."),
    }),
    phone: Type.String({
      pattern: E164_US_PATTERN,
      description: text("CallCheckAnswer.phone.description", "The number checked."),
    }),
    checked_at: DateTimeWithZone(
      text("CallCheckAnswer.checked_at.description", "The instant the answer holds for (UTC)."),
    ),
    allowed: Type.Boolean({
      description: text(
        "CallCheckAnswer.allowed.description",
        "true: the call may be placed now; report it with lead.call_attempted. false: do not dial; reasons says why.",
      ),
    }),
    reasons: Type.Array(CallCheckReasonSchema, {
      description: text(
        "CallCheckAnswer.reasons.description",
        "Every reason the call is refused now, empty when allowed.",
      ),
    }),
    call_window: Type.Union([CallWindowSchema, Type.Null()], {
      description: text(
        "CallCheckAnswer.call_window.description",
        "The number's current or next window at this instant, moved past its holds and reached caps (its earliest is now when allowed); null when the number may not be called at all (call_not_permitted, do_not_call, wrong_number, superseded).",
      ),
    }),
    call_caps: Type.Array(CallCapSchema, {
      description: text(
        "CallCheckAnswer.call_caps.description",
        "Each call cap of the number's rules, with the attempts it still allows now; empty when none caps calls.",
      ),
    }),
  },
  {
    "x-component": "CallCheckAnswer",
    additionalProperties: false,
    description: text("postCallCheck.200.description", "Whether the call may be placed now, and why not."),
  },
);

export type CallCheck = Static<typeof CallCheckSchema>;
export type CallCheckReason = Static<typeof CallCheckReasonSchema>;
export type CallCheckAnswer = Static<typeof CallCheckAnswerSchema>;
