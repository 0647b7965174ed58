// Hand-offs as offered: each response of a lead gets its own id and keeps the number it offered, so what the
// assistant reports or asks about a call applies to the number called, not to the lead's phone of the moment.
import type { Queryable } from "../../db/database.ts";
import { plainRows } from "../../db/plain-rows.ts";
import { isUuid } from "../../db/uuid-text.ts";

export interface HandoffOffer {
  id: string;
  lead_id: string;
  account_id: string;
  response_no: number;
  /** The number offered; null for an email-only hand-off. */
  phone: string | null;
  offered_at: Date;
}

const COLUMNS =
  "id::text as id, lead_id::text as lead_id, account_id::text as account_id, response_no, phone, offered_at";

/**
 * The hand-off of this response, written before its first delivery attempt: a retry finds it and
 * offers the same id and number. A repeat that changes the number opens a new response, hence a new one.
 *
 * @example const offer = await offerHandoff(db, { taskId, responseNo: 1, leadId, accountId, phone: "+13055550103" });
 */
export async function offerHandoff(
  q: Queryable,
  handoff: { taskId: string; responseNo: number; leadId: string; accountId: string; phone: string | null },
): Promise<HandoffOffer> {
  const [row] = await q.query<HandoffOffer>(
    `with offered as (
       insert into handoffs (id, task_id, response_no, lead_id, account_id, phone)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (task_id, response_no) do nothing
       returning ${COLUMNS}
     )
     select * from offered
     union all
     select ${COLUMNS} from handoffs
     where task_id = $2 and response_no = $3 and not exists (select 1 from offered)`,
    [
      Bun.randomUUIDv7(),
      handoff.taskId,
      handoff.responseNo,
      handoff.leadId,
      handoff.accountId,
      handoff.phone,
    ],
  );
  return row!;
}

/**
 * A hand-off as a check reads it, with the lead's own zone. Superseded: the lead's phone is no longer the
 * number offered, or a later hand-off of the lead replaced it.
 */
export interface FoundHandoff extends HandoffOffer {
  superseded: boolean;
  timezone: string | null;
}

/** A hand-off of this lead; undefined for any other id (another lead's, another account's). */
export async function findHandoff(
  q: Queryable,
  handoffId: string,
  leadId: string,
): Promise<FoundHandoff | undefined> {
  if (!isUuid(handoffId)) return undefined;
  const [row] = await q.query<FoundHandoff>(
    `select h.id::text as id, h.lead_id::text as lead_id, h.account_id::text as account_id, h.response_no,
       h.phone, h.offered_at, l.timezone,
       (h.phone is not null and l.phone is distinct from h.phone) or exists (
         select 1 from handoffs later where later.task_id = h.task_id and later.response_no > h.response_no
       ) as superseded
     from handoffs h join leads l on l.id = h.lead_id where h.id = $1 and h.lead_id = $2`,
    [handoffId, leadId],
  );
  return row;
}

/** A lead's hand-offs, through its one task row (the unique index on task and response). */
const OF_LEAD = "task_id = (select id from response_tasks where lead_id = $1)";

/** Every number a hand-off of the lead offered, newest first (a lead has one per response: few). */
export async function offeredNumbers(q: Queryable, leadId: string): Promise<string[]> {
  const rows = await q.query<{ phone: string }>(
    `select phone from handoffs where ${OF_LEAD} and phone is not null
     group by phone order by max(response_no) desc`,
    [leadId],
  );
  return rows.map((row) => row.phone);
}

/** The most hand-offs a lead's page lists: each is a response a repeat opened, so a lead has few. */
export const LISTED_HANDOFFS = 50;

/** A lead's hand-offs as its page and evidence record list them, oldest first. */
export async function listHandoffs(q: Queryable, leadId: string): Promise<HandoffOffer[]> {
  const rows = await q.query<HandoffOffer>(
    `select ${COLUMNS} from handoffs where ${OF_LEAD} order by response_no desc limit ${LISTED_HANDOFFS}`,
    [leadId],
  );
  return plainRows(rows).reverse();
}
