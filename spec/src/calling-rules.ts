// Calling-hours rules by jurisdiction, as data: the federal rule and the stricter US state rules, each with its source.

/** Sunday first, as Date#getUTCDay numbers them. */
export const WEEKDAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** Local clock times "HH:MM" at the called party's location: a call may start from `start` and before `end`. */
export interface DailyHours {
  start: string;
  end: string;
}

export interface CallingRule {
  /** "US" for the federal rule; ISO 3166-2 (e.g. "US-TX") for a state. */
  jurisdiction: string;
  name: string;
  /** Permitted hours per local weekday; null: no calls that day. */
  hours: Record<Weekday, DailyHours | null>;
  /** The statute or regulation that sets the hours. */
  source: string;
  /** When the source was last read for this row (YYYY-MM-DD). */
  checked: string;
}

const CHECKED = "2026-11-22";

function everyDay(start: string, end: string): Record<Weekday, DailyHours> {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, { start, end }])) as Record<Weekday, DailyHours>;
}

/**
 * A row per jurisdiction. The federal rule always applies; a state's rule applies when the lead's
 * area code is in that state. States with no row have no rule stricter than the federal one that we
 * could cite (see the hand-off README for the states left out and why).
 */
export const CALLING_RULES: readonly CallingRule[] = [
  {
    jurisdiction: "US",
    name: "United States (federal)",
    hours: everyDay("08:00", "21:00"),
    source: "47 CFR 64.1200(c)(1) (FCC, TCPA rules); also 16 CFR 310.4(c) (FTC Telemarketing Sales Rule)",
    checked: CHECKED,
  },
  {
    jurisdiction: "US-FL",
    name: "Florida",
    hours: everyDay("08:00", "20:00"),
    source: "Fla. Stat. § 501.616(6)(a)",
    checked: CHECKED,
  },
  {
    jurisdiction: "US-OK",
    name: "Oklahoma",
    hours: everyDay("08:00", "20:00"),
    source: "Okla. Stat. tit. 15, § 775C.4 (Telephone Solicitation Act of 2022)",
    checked: CHECKED,
  },
  {
    jurisdiction: "US-MD",
    name: "Maryland",
    hours: everyDay("08:00", "20:00"),
    source: "Md. Code, Com. Law § 14-4503 (Stop the Spam Calls Act of 2023)",
    checked: CHECKED,
  },
  {
    jurisdiction: "US-WA",
    name: "Washington",
    hours: everyDay("08:00", "20:00"),
    source: "Rev. Code Wash. § 80.36.390(2); § 19.158.110",
    checked: CHECKED,
  },
  {
    jurisdiction: "US-CT",
    name: "Connecticut",
    hours: everyDay("09:00", "20:00"),
    source: "Conn. Gen. Stat. § 42-288a",
    checked: CHECKED,
  },
  {
    jurisdiction: "US-TX",
    name: "Texas",
    hours: { ...everyDay("09:00", "21:00"), sun: { start: "12:00", end: "21:00" } },
    source: "Tex. Bus. & Com. Code § 301.051",
    checked: CHECKED,
  },
];

/** The federal rule's row: it applies to every call. */
export const FEDERAL_CALLING_RULE: CallingRule = CALLING_RULES[0]!;

/** The state rule of a two-letter state code, or undefined when the state has none stricter than the federal one. */
export function stateCallingRule(state: string): CallingRule | undefined {
  return CALLING_RULES.find((rule) => rule.jurisdiction === `US-${state}`);
}
