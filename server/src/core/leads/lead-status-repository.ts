// The reads behind GET of a lead: one account's lead by id or by external id, and its hand-off attempts.

import type { Queryable } from "../../db/database.ts";
import { isUuid } from "../../db/uuid-text.ts";
import type { LeadRow } from "./lead-record.ts";

export interface AttemptRow {
  response_no: number;
  attempt: number;
  started_at: Date;
  ok: boolean;
  http_status: number | null;
}

/** The account scopes every read: another account's lead is simply not there. */
export async function findLeadById(
  q: Queryable,
  accountId: string,
  id: string,
): Promise<LeadRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await q.query<LeadRow>("select * from leads where account_id = $1 and id = $2", [
    accountId,
    id,
  ]);
  return row;
}

/** Oldest first; nothing of the assistant's answer but its status (no error text, no URL). */
export function listAttempts(q: Queryable, leadId: string): Promise<AttemptRow[]> {
  return q.query<AttemptRow>(
    `select response_no, attempt, started_at, ok, http_status from handoff_attempts
     where lead_id = $1 order by started_at, attempt`,
    [leadId],
  );
}
