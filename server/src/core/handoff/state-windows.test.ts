// The call window per state under a fixed clock: a weekday, a Saturday, a Sunday, a holiday and a DST change each.
import { describe, expect, it } from "vitest";
import { placesAndRules } from "./call-decision.ts";
import { callWindow } from "./calling-hours.ts";

/** The whole day: the rules alone shape these windows. */
const ALL_DAY = { start: 0, end: 24 * 60 };

interface Case {
  /** What the clock shows locally, for the reader. */
  local: string;
  phone: string;
  now: string;
  earliest: string;
  latest: string;
  /** rules_applied's day and holiday entries: "kind jurisdiction date [holiday]". */
  skipped?: string[];
  /** The consent's sellers (Utah's exemption). */
  sellers?: string[];
}

const ACCOUNT = { name: "Acme Realty", callsUnknownLocations: false };

// Expected instants worked out by hand from the local clock and the zone's offset that day.
const CASES: Record<string, Case[]> = {
  "Rhode Island (401, Eastern)": [
    {
      local: "Wed 2026-11-25 08:00 EST",
      phone: "+14015550142",
      now: "2026-11-25T13:00:00Z",
      earliest: "2026-11-25T14:00:00Z",
      latest: "2026-11-25T23:00:00Z",
    },
    {
      local: "Sat 2026-11-28 07:00 EST",
      phone: "+14015550142",
      now: "2026-11-28T12:00:00Z",
      earliest: "2026-11-28T15:00:00Z",
      latest: "2026-11-28T22:00:00Z",
    },
    {
      local: "Sun 2026-11-29 12:00 EST",
      phone: "+14015550142",
      now: "2026-11-29T17:00:00Z",
      earliest: "2026-11-30T14:00:00Z",
      latest: "2026-11-30T23:00:00Z",
      skipped: ["day US-RI 2026-11-29"],
    },
    {
      local: "Fri 2026-12-25 10:00 EST, Christmas",
      phone: "+14015550142",
      now: "2026-12-25T15:00:00Z",
      earliest: "2026-12-26T15:00:00Z",
      latest: "2026-12-26T22:00:00Z",
      skipped: ["holiday US-RI 2026-12-25 Christmas Day"],
    },
    {
      local: "Thu 2026-11-26 10:00 EST, Thanksgiving",
      phone: "+14015550142",
      now: "2026-11-26T15:00:00Z",
      earliest: "2026-11-27T14:00:00Z",
      latest: "2026-11-27T23:00:00Z",
      skipped: ["holiday US-RI 2026-11-26 Thanksgiving Day"],
    },
    {
      local: "Sat 2027-12-25 09:00 EST, Christmas on a Saturday: observed Monday",
      phone: "+14015550142",
      now: "2027-12-25T14:00:00Z",
      earliest: "2027-12-28T14:00:00Z",
      latest: "2027-12-28T23:00:00Z",
      skipped: [
        "holiday US-RI 2027-12-25 Christmas Day",
        "day US-RI 2027-12-26",
        "holiday US-RI 2027-12-27 Christmas Day (observed)",
      ],
    },
    {
      local: "Sat 2026-10-31 19:00 EDT, before the fall-back Sunday",
      phone: "+14015550142",
      now: "2026-10-31T23:00:00Z",
      earliest: "2026-11-02T14:00:00Z",
      latest: "2026-11-02T23:00:00Z",
      skipped: ["day US-RI 2026-11-01"],
    },
    {
      local: "Sat 2027-03-13 18:00 EST, before the spring-forward Sunday",
      phone: "+14015550142",
      now: "2027-03-13T23:00:00Z",
      earliest: "2027-03-15T13:00:00Z",
      latest: "2027-03-15T22:00:00Z",
      skipped: ["day US-RI 2027-03-14"],
    },
  ],
  "Alabama (205, Central)": [
    {
      local: "Wed 2026-11-25 07:00 CST",
      phone: "+12055550142",
      now: "2026-11-25T13:00:00Z",
      earliest: "2026-11-25T14:00:00Z",
      latest: "2026-11-26T02:00:00Z",
    },
    {
      local: "Sat 2026-11-28 07:00 CST",
      phone: "+12055550142",
      now: "2026-11-28T13:00:00Z",
      earliest: "2026-11-28T14:00:00Z",
      latest: "2026-11-29T02:00:00Z",
    },
    {
      local: "Sun 2026-11-29 11:00 CST",
      phone: "+12055550142",
      now: "2026-11-29T17:00:00Z",
      earliest: "2026-11-30T14:00:00Z",
      latest: "2026-12-01T02:00:00Z",
      skipped: ["day US-AL 2026-11-29"],
    },
    {
      local: "Thu 2026-11-26 09:00 CST, Thanksgiving",
      phone: "+12055550142",
      now: "2026-11-26T15:00:00Z",
      earliest: "2026-11-27T14:00:00Z",
      latest: "2026-11-28T02:00:00Z",
      skipped: ["holiday US-AL 2026-11-26 Thanksgiving Day"],
    },
    {
      local: "Fri 2027-06-18 09:00 CDT, Juneteenth observed (federal calendar)",
      phone: "+12055550142",
      now: "2027-06-18T14:00:00Z",
      earliest: "2027-06-21T13:00:00Z",
      latest: "2027-06-22T01:00:00Z",
      skipped: [
        "holiday US-AL 2027-06-18 Juneteenth (observed)",
        "holiday US-AL 2027-06-19 Juneteenth",
        "day US-AL 2027-06-20",
      ],
    },
    {
      local: "Sat 2027-03-13 20:30 CST, before the spring-forward Sunday",
      phone: "+12055550142",
      now: "2027-03-14T02:30:00Z",
      earliest: "2027-03-15T13:00:00Z",
      latest: "2027-03-16T01:00:00Z",
      skipped: ["day US-AL 2027-03-14"],
    },
  ],
  "Louisiana (504, Central)": [
    {
      local: "Wed 2026-11-25 14:00 CST",
      phone: "+15045550142",
      now: "2026-11-25T20:00:00Z",
      earliest: "2026-11-25T20:00:00Z",
      latest: "2026-11-26T02:00:00Z",
    },
    {
      local: "Sat 2026-11-28 07:00 CST",
      phone: "+15045550142",
      now: "2026-11-28T13:00:00Z",
      earliest: "2026-11-28T14:00:00Z",
      latest: "2026-11-29T02:00:00Z",
    },
    {
      local: "Sun 2026-11-01 10:00 CST, the fall-back Sunday and All Saints' Day",
      phone: "+15045550142",
      now: "2026-11-01T16:00:00Z",
      earliest: "2026-11-04T14:00:00Z",
      latest: "2026-11-05T02:00:00Z",
      skipped: [
        "holiday US-LA 2026-11-01 All Saints' Day",
        "holiday US-LA 2026-11-02 All Saints' Day (observed)",
        "holiday US-LA 2026-11-03 General Election Day",
      ],
    },
    {
      local: "Tue 2027-02-09 09:00 CST, Mardi Gras",
      phone: "+15045550142",
      now: "2027-02-09T15:00:00Z",
      earliest: "2027-02-10T14:00:00Z",
      latest: "2027-02-11T02:00:00Z",
      skipped: ["holiday US-LA 2027-02-09 Mardi Gras"],
    },
  ],
  "Mississippi (601, Central)": [
    {
      local: "Wed 2026-11-25 21:00 CST",
      phone: "+16015550142",
      now: "2026-11-26T03:00:00Z",
      earliest: "2026-11-26T14:00:00Z",
      latest: "2026-11-27T02:00:00Z",
    },
    {
      local: "Sat 2026-11-28 07:00 CST",
      phone: "+16015550142",
      now: "2026-11-28T13:00:00Z",
      earliest: "2026-11-28T14:00:00Z",
      latest: "2026-11-29T02:00:00Z",
    },
    {
      local: "Sun 2026-11-29 11:00 CST",
      phone: "+16015550142",
      now: "2026-11-29T17:00:00Z",
      earliest: "2026-11-30T14:00:00Z",
      latest: "2026-12-01T02:00:00Z",
      skipped: ["day US-MS 2026-11-29"],
    },
    {
      local: "Thu 2026-11-26 09:00 CST, Thanksgiving: no holiday rule",
      phone: "+16015550142",
      now: "2026-11-26T15:00:00Z",
      earliest: "2026-11-26T15:00:00Z",
      latest: "2026-11-27T02:00:00Z",
    },
  ],
  "Pennsylvania (215, Eastern)": [
    {
      local: "Sat 2026-11-28 10:00 EST: Saturday until 12:00",
      phone: "+12155550142",
      now: "2026-11-28T15:00:00Z",
      earliest: "2026-11-28T15:00:00Z",
      latest: "2026-11-28T17:00:00Z",
    },
    {
      local: "Sat 2026-11-28 13:00 EST: every Saturday afternoon is a half-holiday",
      phone: "+12155550142",
      now: "2026-11-28T18:00:00Z",
      earliest: "2026-11-29T13:00:00Z",
      latest: "2026-11-30T02:00:00Z",
    },
    {
      local: "Sun 2026-11-29 12:00 EST: Sundays allowed",
      phone: "+12155550142",
      now: "2026-11-29T17:00:00Z",
      earliest: "2026-11-29T17:00:00Z",
      latest: "2026-11-30T02:00:00Z",
    },
    {
      local: "Thu 2026-11-26 10:00 EST, Thanksgiving",
      phone: "+12155550142",
      now: "2026-11-26T15:00:00Z",
      earliest: "2026-11-27T13:00:00Z",
      latest: "2026-11-28T02:00:00Z",
      skipped: ["holiday US-PA 2026-11-26 Thanksgiving Day"],
    },
    {
      local: "Tue 2027-11-02 07:00 EDT, Election Day in an odd year",
      phone: "+12155550142",
      now: "2027-11-02T11:00:00Z",
      earliest: "2027-11-03T12:00:00Z",
      latest: "2027-11-04T01:00:00Z",
      skipped: ["holiday US-PA 2027-11-02 Election Day"],
    },
  ],
  "Utah (801, Mountain): applies unless the consent names the seller": [
    {
      local: "Wed 2026-11-25 07:00 MST",
      phone: "+18015550142",
      now: "2026-11-25T14:00:00Z",
      earliest: "2026-11-25T15:00:00Z",
      latest: "2026-11-26T04:00:00Z",
    },
    {
      local: "Sun 2026-11-29 10:00 MST: no Sunday",
      phone: "+18015550142",
      now: "2026-11-29T17:00:00Z",
      earliest: "2026-11-30T15:00:00Z",
      latest: "2026-12-01T04:00:00Z",
      skipped: ["day US-UT 2026-11-29"],
    },
    {
      local: "Sun 2026-11-29 10:00 MST, consent naming another seller: no Sunday",
      phone: "+18015550142",
      now: "2026-11-29T17:00:00Z",
      earliest: "2026-11-30T15:00:00Z",
      latest: "2026-12-01T04:00:00Z",
      skipped: ["day US-UT 2026-11-29"],
      sellers: ["Other Homes LLC"],
    },
    {
      local: "Sun 2026-11-29 10:00 MST, consent naming the account: exempt, the federal rule",
      phone: "+18015550142",
      now: "2026-11-29T17:00:00Z",
      earliest: "2026-11-29T17:00:00Z",
      latest: "2026-11-30T04:00:00Z",
      sellers: ["acme realty "],
    },
    {
      local: "Fri 2026-07-24 10:00 MDT, Pioneer Day",
      phone: "+18015550142",
      now: "2026-07-24T16:00:00Z",
      earliest: "2026-07-25T14:00:00Z",
      latest: "2026-07-26T03:00:00Z",
      skipped: ["holiday US-UT 2026-07-24 Pioneer Day"],
    },
    {
      local: "Sat 2026-03-07 21:30 MST, across the spring forward (Sunday skipped)",
      phone: "+18015550142",
      now: "2026-03-08T04:30:00Z",
      earliest: "2026-03-09T14:00:00Z",
      latest: "2026-03-10T03:00:00Z",
      skipped: ["day US-UT 2026-03-08"],
    },
  ],
  "South Dakota (605, Central and Mountain): automated dialing on weekdays 09:00–21:00": [
    {
      local: "Wed 2026-11-25 08:00 CST: 09:00 in Denver to 21:00 in Chicago",
      phone: "+16055550142",
      now: "2026-11-25T14:00:00Z",
      earliest: "2026-11-25T16:00:00Z",
      latest: "2026-11-26T03:00:00Z",
    },
    {
      local: "Thu 2026-11-26 10:00 CST, Thanksgiving: no South Dakota holiday",
      phone: "+16055550142",
      now: "2026-11-26T16:00:00Z",
      earliest: "2026-11-26T16:00:00Z",
      latest: "2026-11-27T03:00:00Z",
    },
    {
      local: "Sat 2026-11-28 10:00 CST: no weekend",
      phone: "+16055550142",
      now: "2026-11-28T16:00:00Z",
      earliest: "2026-11-30T16:00:00Z",
      latest: "2026-12-01T03:00:00Z",
      skipped: ["day US-SD 2026-11-28", "day US-SD 2026-11-29"],
    },
    {
      local: "Sun 2026-03-08 13:00 CDT, the spring-forward Sunday",
      phone: "+16055550142",
      now: "2026-03-08T18:00:00Z",
      earliest: "2026-03-09T15:00:00Z",
      latest: "2026-03-10T02:00:00Z",
      skipped: ["day US-SD 2026-03-08"],
    },
  ],
  "Maine (207, Eastern): automated calling weekdays 09:00–17:00": [
    {
      local: "Wed 2026-11-25 08:00 EST",
      phone: "+12075550142",
      now: "2026-11-25T13:00:00Z",
      earliest: "2026-11-25T14:00:00Z",
      latest: "2026-11-25T22:00:00Z",
    },
    {
      local: "Wed 2026-11-25 17:30 EST: after 17:00, Thursday (no Maine holiday)",
      phone: "+12075550142",
      now: "2026-11-25T22:30:00Z",
      earliest: "2026-11-26T14:00:00Z",
      latest: "2026-11-26T22:00:00Z",
    },
    {
      local: "Sat 2026-11-28 10:00 EST: no weekend",
      phone: "+12075550142",
      now: "2026-11-28T15:00:00Z",
      earliest: "2026-11-30T14:00:00Z",
      latest: "2026-11-30T22:00:00Z",
      skipped: ["day US-ME 2026-11-28", "day US-ME 2026-11-29"],
    },
    {
      local: "Fri 2026-03-06 18:00 EST, across the spring forward",
      phone: "+12075550142",
      now: "2026-03-06T23:00:00Z",
      earliest: "2026-03-09T13:00:00Z",
      latest: "2026-03-09T21:00:00Z",
      skipped: ["day US-ME 2026-03-07", "day US-ME 2026-03-08"],
    },
  ],
  "Oklahoma (405, Central): not before 09:00": [
    {
      local: "Wed 2026-11-25 08:30 CST",
      phone: "+14055550142",
      now: "2026-11-25T14:30:00Z",
      earliest: "2026-11-25T15:00:00Z",
      latest: "2026-11-26T02:00:00Z",
    },
    {
      local: "Sun 2026-11-01 08:30 CST, the fall-back Sunday",
      phone: "+14055550142",
      now: "2026-11-01T14:30:00Z",
      earliest: "2026-11-01T15:00:00Z",
      latest: "2026-11-02T02:00:00Z",
    },
  ],
  "hours-only states, a weekday and the fall-back Sunday": [
    {
      local: "KY Wed 2026-11-25 09:00 EST",
      phone: "+15025550142",
      now: "2026-11-25T14:00:00Z",
      earliest: "2026-11-25T15:00:00Z",
      latest: "2026-11-26T02:00:00Z",
    },
    {
      local: "KY Sun 2026-11-01 09:00 EST",
      phone: "+15025550142",
      now: "2026-11-01T14:00:00Z",
      earliest: "2026-11-01T15:00:00Z",
      latest: "2026-11-02T02:00:00Z",
    },
    {
      local: "MI Wed 2026-11-25 08:30 EST",
      phone: "+13135550142",
      now: "2026-11-25T13:30:00Z",
      earliest: "2026-11-25T14:00:00Z",
      latest: "2026-11-26T02:00:00Z",
    },
    {
      local: "MN Wed 2026-11-25 08:30 CST",
      phone: "+16125550142",
      now: "2026-11-25T14:30:00Z",
      earliest: "2026-11-25T15:00:00Z",
      latest: "2026-11-26T03:00:00Z",
    },
    {
      local: "NM Wed 2026-11-25 08:00 MST",
      phone: "+15055550142",
      now: "2026-11-25T15:00:00Z",
      earliest: "2026-11-25T16:00:00Z",
      latest: "2026-11-26T04:00:00Z",
    },
    {
      local: "NV Wed 2026-11-25 08:00 PST",
      phone: "+17025550142",
      now: "2026-11-25T16:00:00Z",
      earliest: "2026-11-25T17:00:00Z",
      latest: "2026-11-26T04:00:00Z",
    },
    {
      local: "MA Wed 2026-11-25 07:30 EST",
      phone: "+16175550142",
      now: "2026-11-25T12:30:00Z",
      earliest: "2026-11-25T13:00:00Z",
      latest: "2026-11-26T01:00:00Z",
    },
    {
      local: "MA Sat 2026-10-31 20:30 EDT, across the fall back",
      phone: "+16175550142",
      now: "2026-11-01T00:30:00Z",
      earliest: "2026-11-01T13:00:00Z",
      latest: "2026-11-02T01:00:00Z",
    },
  ],
};

const iso = (value: string) => new Date(value).toISOString();

for (const [state, cases] of Object.entries(CASES)) {
  describe(state, () => {
    it.each(cases)("$local", ({ phone, now, earliest, latest, skipped = [], sellers }) => {
      const consent = { source: "form", reference: "r", captured_at: "2026-01-01T00:00:00Z", sellers };
      const lead = { phone, timezone: null, state: null, postal_code: null, consent };
      const { places, rules } = placesAndRules(lead, ACCOUNT);
      const window = callWindow(Date.parse(now), places, ALL_DAY, rules)!;
      expect([window.earliest, window.latest]).toEqual([iso(earliest), iso(latest)]);
      const days = window.rules_applied
        .filter((rule) => rule.kind === "day" || rule.kind === "holiday")
        .map((rule) => [rule.kind, rule.jurisdiction, rule.date, rule.holiday].filter(Boolean).join(" "));
      // The federal rule has no days or holidays: every entry is the state's.
      expect(days).toEqual(skipped);
    });
  });
}
