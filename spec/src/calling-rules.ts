// Calling rules by jurisdiction, as data: the federal rule and the stricter US state rules (hours per weekday, holidays, call caps), each with its source.

/** Sunday first, as Date#getUTCDay numbers them. */
export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Local clock times "HH:MM" at the called party's location: a call may start from `start` and before `end`. */
export interface DailyHours {
  start: string;
  end: string;
}

/** At most `calls` call attempts to one phone (per account) in any rolling `hours`. */
export interface CallCap {
  calls: number;
  hours: number;
}

export interface CallingRule {
  /** "US" for the federal rule; ISO 3166-2 (e.g. "US-TX") for a state. */
  jurisdiction: string;
  name: string;
  /** The day rule: permitted hours per local weekday; null: no calls that day. */
  hours: Record<Weekday, DailyHours | null>;
  /** Holiday calendars (ids in HOLIDAY_CALENDARS) on whose days, observed days included, no call is permitted. */
  noCallHolidays: readonly string[];
  /** The per-phone call cap, or null when the rule sets none. */
  callCap: CallCap | null;
  /**
   * When a consented call is exempt from the row: `seller_named` (Utah) exempts it only when the
   * consent names the account's seller (the consent block's `sellers` holds the account's name);
   * absent, the row binds every call this service makes.
   */
  exemptWhen?: "seller_named";
  /** The statute or regulation that sets the rule. */
  source: string;
  /** When the source was last read for this row (YYYY-MM-DD). */
  checked: string;
  /** Where sources disagree, which reading the row takes (always the stricter) and why; or why the row does not narrow. */
  note?: string;
}

const CHECKED = "2026-11-25";
/** The rows added or changed after the statutes were read again. */
const RECHECKED = "2026-11-28";

function everyDay(start: string, end: string): Record<Weekday, DailyHours> {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, { start, end }])) as Record<Weekday, DailyHours>;
}

/** `weekdays` on Monday–Friday, `saturday` on Saturday, `sunday` (default none) on Sunday. */
function byDay(
  weekdays: DailyHours,
  saturday: DailyHours | null,
  sunday: DailyHours | null = null,
): Record<Weekday, DailyHours | null> {
  return {
    mon: weekdays,
    tue: weekdays,
    wed: weekdays,
    thu: weekdays,
    fri: weekdays,
    sat: saturday,
    sun: sunday,
  };
}

const THREE_A_DAY: CallCap = { calls: 3, hours: 24 };

/** The row fields most rules share: no holiday, no cap, binding consented calls. */
const plain = { noCallHolidays: [], callCap: null, checked: CHECKED } as const;

/**
 * A row per jurisdiction. The federal rule always applies; a state's rule applies when the lead's
 * area code is in that state. States with no row have no rule stricter than the federal one that we
 * could cite (see the hand-off README for the states left out and why).
 */
export const CALLING_RULES: readonly CallingRule[] = [
  {
    ...plain,
    jurisdiction: "US",
    name: "United States (federal)",
    hours: everyDay("08:00", "21:00"),
    source: "47 CFR 64.1200(c)(1) (FCC, TCPA rules); also 16 CFR 310.4(c) (FTC Telemarketing Sales Rule)",
  },
  {
    ...plain,
    jurisdiction: "US-FL",
    name: "Florida",
    hours: everyDay("08:00", "20:00"),
    callCap: THREE_A_DAY,
    source: "Fla. Stat. § 501.616(6)(a) (hours), (6)(b) (3 calls per 24 hours on the same subject)",
  },
  {
    ...plain,
    jurisdiction: "US-OK",
    name: "Oklahoma",
    hours: everyDay("09:00", "20:00"),
    callCap: THREE_A_DAY,
    checked: RECHECKED,
    source:
      "Okla. Stat. tit. 15, § 775C.4 (Telephone Solicitation Act of 2022: 8:00–20:00; 3 calls per 24 hours on the same subject); 15 O.S. § 755.1(C)(2) (automatic dial announcing devices: not before 9:00)",
    note: "An AI voice that dials and speaks by itself is read as an automatic dial announcing device (stricter): the start is 9:00, the end 20:00 of § 775C.4.",
  },
  {
    ...plain,
    jurisdiction: "US-MD",
    name: "Maryland",
    hours: everyDay("08:00", "20:00"),
    callCap: THREE_A_DAY,
    checked: RECHECKED,
    source:
      "Md. Code, Com. Law § 14-4502 (Stop the Spam Calls Act of 2023: hours; 3 calls per 24 hours on the same subject)",
    note: "Cited as § 14-4503 before 2026-11-28: the restrictions on telephone solicitations are in § 14-4502 (§ 14-4501 defines its terms).",
  },
  {
    ...plain,
    jurisdiction: "US-WA",
    name: "Washington",
    hours: everyDay("08:00", "20:00"),
    checked: RECHECKED,
    source: "RCW 19.158.040(2) (no call received before 8:00 or after 20:00 at the recipient's local time)",
    note: "Cited as RCW 80.36.390(2) and § 19.158.110 before 2026-11-28: those set the caller's identification and duties, not the hours.",
  },
  {
    ...plain,
    jurisdiction: "US-CT",
    name: "Connecticut",
    hours: everyDay("09:00", "20:00"),
    source: "Conn. Gen. Stat. § 42-288a",
  },
  {
    ...plain,
    jurisdiction: "US-TX",
    name: "Texas",
    hours: { ...everyDay("09:00", "21:00"), sun: { start: "12:00", end: "21:00" } },
    source: "Tex. Bus. & Com. Code § 301.051",
  },
  {
    ...plain,
    jurisdiction: "US-RI",
    name: "Rhode Island",
    hours: byDay({ start: "09:00", end: "18:00" }, { start: "10:00", end: "17:00" }),
    noCallHolidays: ["US-RI", "US"],
    source: "R.I. Gen. Laws § 5-61-3.6, hours of operation as defined in § 5-61-2",
    note: "The definition excepts 'a state or federal holiday' from Monday–Friday only; no call on such a holiday whatever its weekday (stricter), nor on Sunday (not in the hours of operation).",
  },
  {
    ...plain,
    jurisdiction: "US-AL",
    name: "Alabama",
    hours: byDay({ start: "08:00", end: "20:00" }, { start: "08:00", end: "20:00" }),
    noCallHolidays: ["US-AL", "US"],
    source: "Ala. Admin. Code r. 770-X-5-.17 (Alabama Public Service Commission)",
    note: "Compliance summaries list federal holidays beside state ones: both calendars apply (stricter).",
  },
  {
    ...plain,
    jurisdiction: "US-LA",
    name: "Louisiana",
    hours: byDay({ start: "08:00", end: "20:00" }, { start: "08:00", end: "20:00" }),
    noCallHolidays: ["US-LA"],
    source:
      "La. R.S. 45:811(2)–(3); Telephone Solicitation Relief Act, La. R.S. 45:844.11 et seq.; emergencies: La. R.S. 45:844.31",
    note: "Declared emergencies (La. R.S. 45:844.31) are not in the table: an operator adds an emergency hold.",
  },
  {
    ...plain,
    jurisdiction: "US-MS",
    name: "Mississippi",
    hours: byDay({ start: "08:00", end: "20:00" }, { start: "08:00", end: "20:00" }),
    source: "Miss. Code Ann. § 77-3-723(1) (no Sundays); § 77-3-603(a) (8:00–21:00)",
    note: "Sources disagree on the end (20:00 in the former Public Service Commission rule, 21:00 in § 77-3-603): 20:00 kept (stricter). Legal holidays no longer bar calls since the Commission's rules were repealed in 2023.",
  },
  {
    ...plain,
    jurisdiction: "US-UT",
    name: "Utah",
    hours: byDay({ start: "08:00", end: "21:00" }, { start: "08:00", end: "21:00" }),
    noCallHolidays: ["US-UT"],
    exemptWhen: "seller_named",
    checked: RECHECKED,
    source: "Utah Code § 13-25a-103(3); holidays § 63G-1-301",
    note: "The exemption for consented calls needs consent to the specific seller: the row applies unless the consent block's sellers names the account (its name, compared without case or surrounding spaces).",
  },
  {
    ...plain,
    jurisdiction: "US-PA",
    name: "Pennsylvania",
    hours: { ...everyDay("08:00", "21:00"), sat: { start: "08:00", end: "12:00" } },
    noCallHolidays: ["US-PA"],
    checked: RECHECKED,
    source:
      "73 P.S. § 2245(a)(10) (no calls on legal holidays, Act 73 of 2019); 44 P.S. § 11 (every Saturday from 12:00 is a half-holiday); hours: 73 P.S. § 2245 as the Attorney General's advisory states them (8:00–21:00)",
    note: "Published hours differ between summaries; the narrowest any official source gives is 8:00–21:00. Every Saturday afternoon is a legal half-holiday, so Saturday ends at 12:00 (stricter).",
  },
  {
    ...plain,
    jurisdiction: "US-KY",
    name: "Kentucky",
    hours: everyDay("10:00", "21:00"),
    source: "KRS 367.46955",
    note: "Hours as our source list gives them; the official text was not reachable when the row was read.",
  },
  {
    ...plain,
    jurisdiction: "US-MI",
    name: "Michigan",
    hours: everyDay("09:00", "21:00"),
    source: "Mich. Comp. Laws § 445.111 et seq. (Home Solicitation Sales Act, telephone solicitation)",
    note: "Hours as our source list gives them; the official text was not reachable when the row was read.",
  },
  {
    ...plain,
    jurisdiction: "US-MN",
    name: "Minnesota",
    hours: everyDay("09:00", "21:00"),
    source: "Minn. Stat. § 325E.27",
    note: "Hours as our source list gives them; the official text was not reachable when the row was read.",
  },
  {
    ...plain,
    jurisdiction: "US-NM",
    name: "New Mexico",
    hours: everyDay("09:00", "21:00"),
    source: "N.M. Stat. § 57-12-22(B)(5)",
  },
  {
    ...plain,
    jurisdiction: "US-NV",
    name: "Nevada",
    hours: everyDay("09:00", "20:00"),
    source:
      "NRS 597.814(2)(a) (none between 21:00 and 9:00); NRS ch. 228 (unsolicited calls for the sale of goods or services)",
    note: "A 20:00 end is given for Nevada by compliance summaries, none by the text read here: 20:00 kept (stricter).",
  },
  {
    ...plain,
    jurisdiction: "US-MA",
    name: "Massachusetts",
    hours: everyDay("08:00", "20:00"),
    source: "M.G.L. c. 159C § 3; 201 CMR 12.02(2)",
  },
  {
    ...plain,
    jurisdiction: "US-SD",
    name: "South Dakota",
    hours: byDay({ start: "09:00", end: "21:00" }, null),
    checked: RECHECKED,
    source: "SDCL 37-30-28 (solicitations with an automatic dialing system: weekdays 9:00–21:00 only)",
    note: "An AI voice that dials by itself is read as an automatic dialing system (stricter): weekdays only.",
  },
  {
    ...plain,
    jurisdiction: "US-ME",
    name: "Maine",
    hours: byDay({ start: "09:00", end: "17:00" }, null),
    callCap: { calls: 1, hours: 8 },
    checked: RECHECKED,
    source:
      "10 M.R.S. § 1498(3) (automated calling devices: weekdays 9:00–17:00), (6) (one completed call per number per 8 hours)",
    note: "An AI voice is read as an automated calling device (stricter). Every attempt the assistant reports counts, answered or not (stricter than completed calls).",
  },
];

/** The federal rule's row: it applies to every call. */
export const FEDERAL_CALLING_RULE: CallingRule = CALLING_RULES[0]!;

/** The state rule of a two-letter state code, or undefined when the state has none stricter than the federal one. */
export function stateCallingRule(state: string): CallingRule | undefined {
  return CALLING_RULES.find((rule) => rule.jurisdiction === `US-${state}`);
}
