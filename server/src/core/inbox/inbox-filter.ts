// The inbox's filters and search as SQL conditions on leads `l`, parameters appended to a shared list.

import { RESPONSE_STATES, type ResponseState } from "@speed-to-lead/spec";
import { isUuid } from "../../db/uuid-text.ts";
import { CALL_ELIGIBLE_SQL } from "../leads/call-eligibility.ts";
import { normalizeUsPhone } from "../phone.ts";

export interface InboxFilter {
  /** true: test leads only; false: live leads only. */
  test?: boolean;
  /** true: leads in the response flow (pending, handed_off, missed); false: not_called ones. */
  callEligible?: boolean;
  responseState?: ResponseState;
  /** A stored source ("form", "zillow", …). */
  source?: string;
  /** A channel token's id. */
  channelTokenId?: string;
  /** A phone in any format the intake accepts, an email, or an external_lead_id. */
  search?: string;
}

const KNOWN_STATES: ReadonlySet<string> = new Set(RESPONSE_STATES);

/**
 * Appends each condition's values to `params`, whose first ($1) is the account's id, and returns the
 * conditions to AND. A value that can never match (a malformed channel id, an unknown state) gives a
 * condition that matches nothing, not an error: filters come from a URL anyone can edit.
 *
 * @example const params = [accountId]; const where = ["l.account_id = $1", ...filterConditions(filter, params)];
 */
export function filterConditions(filter: InboxFilter, params: unknown[]): string[] {
  const conditions: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.test !== undefined) conditions.push(`l.test = ${param(filter.test)}`);
  if (filter.callEligible !== undefined) {
    conditions.push(filter.callEligible ? CALL_ELIGIBLE_SQL : `not ${CALL_ELIGIBLE_SQL}`);
  }
  if (filter.responseState !== undefined) {
    conditions.push(
      KNOWN_STATES.has(filter.responseState) ? `l.response_state = ${param(filter.responseState)}` : "false",
    );
    // No leads index holds the state (a settlement stays a HOT update), so a rare state would be a
    // scan of the account's leads. A pending lead has a queued hand-off, and the queue holds at most a
    // respond_by window of leads (settled ones leave it), whatever the account's size.
    if (filter.responseState === "pending") conditions.push("l.id in (select lead_id from handoff_queue)");
  }
  if (filter.source !== undefined) conditions.push(`l.source = ${param(filter.source)}`);
  if (filter.channelTokenId !== undefined) {
    conditions.push(
      isUuid(filter.channelTokenId) ? `l.channel_token_id = ${param(filter.channelTokenId)}::uuid` : "false",
    );
  }
  const search = filter.search?.trim();
  if (search) conditions.push(searchCondition(search, param));
  return conditions;
}

/** The same phone parser as the intake, so "(415) 555-2671" finds the lead stored as +14155552671. */
function searchCondition(search: string, param: (value: unknown) => string): string {
  const matches = [`l.external_lead_id = ${param(search)}`];
  const phone = normalizeUsPhone(search);
  if (phone.ok) matches.push(`l.phone = ${param(phone.e164)}`);
  if (search.includes("@")) matches.push(`lower(l.email) = lower(${param(search)})`);
  return `(${matches.join(" or ")})`;
}
