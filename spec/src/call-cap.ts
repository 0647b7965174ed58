// How many more calls a per-phone call cap allows (Florida, Oklahoma, Maryland: 3 in a rolling 24 hours).
import { type Static, Type } from "@sinclair/typebox";
import { DateTimeWithZone } from "./date-time.ts";
import { text } from "./text.ts";

export const CallCapSchema = Type.Object(
  {
    jurisdiction: Type.String({
      description: text("CallCap.jurisdiction.description", "The rule that caps calls, US-XX."),
    }),
    calls: Type.Integer({
      minimum: 1,
      description: text("CallCap.calls.description", "Calls the rule allows per number within hours."),
    }),
    hours: Type.Integer({
      minimum: 1,
      description: text("CallCap.hours.description", "The rolling period, in hours."),
    }),
    attempts_remaining: Type.Integer({
      minimum: 0,
      description: text(
        "CallCap.attempts_remaining.description",
        "Calls still allowed now: calls minus the attempts reported (lead.call_attempted) for the number in the account within the last hours.",
      ),
    }),
    next_release: Type.Union(
      [DateTimeWithZone(text("CallCap.next_release.at", "An instant in UTC.")), Type.Null()],
      {
        description: text(
          "CallCap.next_release.description",
          "When the oldest counted attempt leaves the period and one more call is allowed; null when no attempt is counted.",
        ),
      },
    ),
  },
  {
    "x-component": "CallCap",
    additionalProperties: false,
    description: text(
      "CallCap.description",
      "A call cap of the number's rules and where the number stands under it at that instant. Attempts are counted per account and number, whichever lead or hand-off reported them.",
    ),
  },
);

export type CallCapStanding = Static<typeof CallCapSchema>;
