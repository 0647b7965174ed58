// What the phone assistant receives for each response: the OpenAPI `webhooks` entry lead.handoff (payload version 2).
import { type Static, Type } from "@sinclair/typebox";
import { CallCapSchema } from "./call-cap.ts";
import { ConsentSchema } from "./consent.ts";
import { DateTimeWithZone } from "./date-time.ts";
import { literalUnion } from "./literal-union.ts";
import { NOT_CALLED_REASONS } from "./response-state.ts";
import { text } from "./text.ts";
import { leadId, webhookEnvelope } from "./webhook-envelope.ts";

/** A US number in E.164, as the hand-off offers it and the assistant names it back. */
export const E164_US_PATTERN = "^\\+1[2-9]\\d{9}$";

/** The payload's version: 2 added `call`, `email`, `response_no` and the email-only hand-off. */
export const HANDOFF_PAYLOAD_VERSION = 2;

/** What a rules_applied entry is: a rule's hours, a day or holiday it skipped, a call cap or an operator's hold. */
export const RULE_KINDS = ["hours", "day", "holiday", "cap", "hold", "place"] as const;
/** Where a place the person may be comes from (see LeadInput's state and postal_code). */
export const PLACE_SOURCES = ["area_code", "timezone", "state", "postal_code", "contiguous_us"] as const;
const CALL_REFUSALS = NOT_CALLED_REASONS.filter((reason) => reason !== "test");
const nullableString = (description: string) => Type.Union([Type.String(), Type.Null()], { description });
const localTime = (description: string) => Type.String({ pattern: "^\\d{2}:\\d{2}$", description });
/** A rule's hours on one day; null when the rule permits no call that day (say, a state's Sunday). */
const localTimeOrNone = (description: string) =>
  Type.Union([Type.String({ pattern: "^\\d{2}:\\d{2}$" }), Type.Null()], { description });

export const CallWindowSchema = Type.Object(
  {
    earliest: DateTimeWithZone(
      text("CallWindow.earliest.description", "Start of the window in which the assistant may call (UTC)."),
    ),
    latest: DateTimeWithZone(text("CallWindow.latest.description", "End of the window (UTC).")),
    time_zones: Type.Array(Type.String(), {
      description: text("CallWindow.time_zones.description", "The lead's zone or zones (IANA names)."),
    }),
    time_zone_source: literalUnion([...PLACE_SOURCES, "default"], {
      description: text(
        "CallWindow.time_zone_source.description",
        "The place that decided the window (its start, else its end): the phone's area code, the lead's timezone, state or postal_code, or contiguous_us for a number no field places, called under the account's setting. default: a zone from the server's setting, in decisions made before every source of place was read.",
      ),
    }),
    local_start: localTime(
      text("CallWindow.local_start.description", "The account's calling hours: start, local time."),
    ),
    local_end: localTime(
      text("CallWindow.local_end.description", "The account's calling hours: end, local time."),
    ),
    rules_applied: Type.Array(
      Type.Object({
        kind: literalUnion(RULE_KINDS, {
          description: text(
            "CallWindow.rules_applied.kind.description",
            "hours: the rule's hours on the window's local day (every applicable rule has one). place: a place the person may be (place says which field), with the window in its local clock (local_start, local_end) and whether it decided the window's start or end; the window is the hours permitted in every zone of every place, under the rules of every state of every place. day: the rule permits no call on that weekday (date says which local day was skipped). holiday: a legal holiday on which the rule permits no call, computed from the holiday statutes the rule names; a day set only by proclamation (a governor's yearly or emergency declaration) cannot be computed and is not: an operator covers it with a holiday hold (stl holds add --holiday), which moves the window as a holiday does and shows as hold. cap: the per-phone call cap, reached; the window starts when the oldest counted attempt leaves the cap's period. hold: an operator's emergency or holiday hold.",
          ),
        }),
        jurisdiction: Type.String({
          description: text(
            "CallWindow.rules_applied.jurisdiction.description",
            "US for the federal rule, US-XX for a state (a place in one state: that state).",
          ),
        }),
        name: Type.String({
          description: text("CallWindow.rules_applied.name.description", "The jurisdiction's name."),
        }),
        local_start: localTimeOrNone(
          text(
            "CallWindow.rules_applied.local_start.description",
            "The rule's first permitted minute on the window's local day; null when the rule permits no call that day.",
          ),
        ),
        local_end: localTimeOrNone(
          text(
            "CallWindow.rules_applied.local_end.description",
            "The rule's end on the window's local day; null when the rule permits no call that day.",
          ),
        ),
        source: Type.String({
          description: text(
            "CallWindow.rules_applied.source.description",
            "The law or regulation the rule comes from; for a hold, its reason.",
          ),
        }),
        checked: Type.String({
          pattern: "^\\d{4}-\\d{2}-\\d{2}$",
          description: text(
            "CallWindow.rules_applied.checked.description",
            "When the source was last read for the rule's row (for a hold: when it was added; for a place: when its data was read, the day of the decision for a stated timezone).",
          ),
        }),
        date: Type.Optional(
          Type.String({
            pattern: "^\\d{4}-\\d{2}-\\d{2}$",
            description: text(
              "CallWindow.rules_applied.date.description",
              "day and holiday: the lead's local day on which the rule permitted no call.",
            ),
          }),
        ),
        holiday: Type.Optional(
          Type.String({
            description: text(
              "CallWindow.rules_applied.holiday.description",
              'holiday: the holiday\'s name, with "(observed)" when the day is the weekday a weekend holiday is observed on.',
            ),
          }),
        ),
        place: Type.Optional(
          literalUnion(PLACE_SOURCES, {
            description: text(
              "CallWindow.rules_applied.place.description",
              "place: where it comes from; name is what pointed at it (the area code, zone, state, ZIP).",
            ),
          }),
        ),
        time_zones: Type.Optional(
          Type.Array(Type.String(), {
            description: text("CallWindow.rules_applied.time_zones.description", "place: its zones."),
          }),
        ),
        decided: Type.Optional(
          Type.Array(literalUnion(["start", "end"] as const), {
            description: text(
              "CallWindow.rules_applied.decided.description",
              "place: the window's bounds its own hours set (empty: another place's hours are narrower).",
            ),
          }),
        ),
        until: Type.Optional(
          DateTimeWithZone(
            text(
              "CallWindow.rules_applied.until.description",
              "cap and hold: when it stops narrowing (UTC).",
            ),
          ),
        ),
      }),
      {
        description: text(
          "CallWindow.rules_applied.description",
          "The rules that shaped the window: the hours of every applicable rule on the window's day, the federal one first; then each day, holiday, call cap and hold that pushed the window later.",
        ),
      },
    ),
  },
  {
    "x-component": "CallWindow",
    description: text("CallWindow.description", "When the assistant may call, computed at each delivery."),
  },
);

export const HandoffPayloadSchema = Type.Object(
  {
    type: Type.Literal("lead.handoff", {
      description: text("HandoffPayload.type.description", "The event type."),
    }),
    ...webhookEnvelope(HANDOFF_PAYLOAD_VERSION),
    data: Type.Object(
      {
        lead_id: leadId(),
        handoff_id: Type.String({
          format: "uuid",
          description: text(
            "HandoffPayload.data.handoff_id.description",
            "This hand-off (this response of the lead): the same on every retry of it. Name it in the pre-dial check (POST /api/speed-to-lead/call-checks) and in the events about its call, so they apply to the number it offered whatever the lead's phone is later. A repeat that changes the lead's phone opens a new hand-off for the new number.",
          ),
        }),
        account: Type.Object(
          { id: Type.String({ format: "uuid" }), slug: Type.String() },
          {
            description: text("HandoffPayload.data.account.description", "The account the lead belongs to."),
          },
        ),
        response_no: Type.Integer({
          minimum: 1,
          description: text(
            "HandoffPayload.data.response_no.description",
            "1 for the lead's first response; a repeat that permits a call after an email-only hand-off or after respond_by opens response 2, and so on. Each response has its own webhook-id.",
          ),
        }),
        call: Type.Union(
          [
            Type.Object({ permitted: Type.Literal(true) }, { additionalProperties: false }),
            Type.Object(
              {
                permitted: Type.Literal(false),
                reason: literalUnion(CALL_REFUSALS, {
                  description: text(
                    "HandoffPayload.data.call.reason.description",
                    "Why the call is not permitted.",
                  ),
                }),
              },
              { additionalProperties: false },
            ),
          ],
          {
            description: text(
              "HandoffPayload.data.call.description",
              "Whether the assistant may call. When it may not, the payload carries neither the phone nor a call window, and the assistant may only answer by email.",
            ),
          },
        ),
        phone: Type.Optional(
          Type.String({
            pattern: E164_US_PATTERN,
            description: text(
              "HandoffPayload.data.phone.description",
              "E.164; present only when the call is permitted.",
            ),
          }),
        ),
        email: nullableString(
          text("HandoffPayload.data.email.description", "The lead's email, null when none was sent."),
        ),
        first_name: nullableString(text("HandoffPayload.data.as_stored.description", "As stored.")),
        last_name: nullableString(text("HandoffPayload.data.as_stored.description", "As stored.")),
        language: nullableString(text("HandoffPayload.data.as_stored.description", "As stored.")),
        timezone: nullableString(text("HandoffPayload.data.as_stored.description", "As stored.")),
        state: nullableString(text("HandoffPayload.data.as_stored.description", "As stored.")),
        postal_code: nullableString(text("HandoffPayload.data.as_stored.description", "As stored.")),
        property_ref: nullableString(text("HandoffPayload.data.as_stored.description", "As stored.")),
        price: Type.Union([Type.Number(), Type.Null()], {
          description: text("HandoffPayload.data.as_stored.description", "As stored."),
        }),
        source: Type.String({
          description: text("HandoffPayload.data.source.description", "The lead's source."),
        }),
        context: Type.Union([Type.Object({}), Type.Null()], {
          description: text("HandoffPayload.data.as_stored.description", "As stored."),
        }),
        consent: Type.Union([ConsentSchema, Type.Null()], {
          description: text(
            "HandoffPayload.data.consent.description",
            "The consent block exactly as received, null when none was.",
          ),
        }),
        received_at: DateTimeWithZone(
          text("HandoffPayload.data.received_at.description", "When the service first received the lead."),
        ),
        respond_by: DateTimeWithZone(
          text(
            "HandoffPayload.data.respond_by.description",
            "The deadline of this response: received_at plus five minutes, or, for a response a late consent opened, five minutes after that consent arrived.",
          ),
        ),
        call_window: Type.Optional(CallWindowSchema),
        call_caps: Type.Optional(
          Type.Array(CallCapSchema, {
            description: text(
              "HandoffPayload.data.call_caps.description",
              "Present with the phone: each call cap of the number's rules with the attempts it allowed at delivery (empty when none caps calls). Attempts reported afterwards use them up: ask the pre-dial check before each call.",
            ),
          }),
        ),
      },
      {
        description: text(
          "HandoffPayload.data.description",
          "The lead as the assistant needs it for this response.",
        ),
      },
    ),
  },
  {
    "x-component": "HandoffPayload",
    description: text(
      "HandoffPayload.description",
      "One response of one lead, signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature). Delivered at least once: the webhook-id is the same on every retry of a response, so the assistant drops duplicates by it. Any 2xx acknowledges it. Test leads are never handed off.",
    ),
  },
);

export type HandoffPayloadBody = Static<typeof HandoffPayloadSchema>;
