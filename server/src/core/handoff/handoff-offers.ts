// Hand-offs as offered: each response of a lead has its own id and the number it offered, so what the assistant
// reports or asks about a call applies to the number called, not to the lead's phone of the moment. Nothing is
// written for it: the id is derived from the task and response, the number is kept in each attempt's decision.
import { createHash } from "node:crypto";
import type { Queryable } from "../../db/database.ts";
import { isUuid } from "../../db/uuid-text.ts";
import { TASK_ID_SQL } from "../leads/lead-record.ts";

/**
 * A hand-off's id: a UUID (version 8) derived from its task and response, the same on every retry of it.
 *
 * @example handoffIdOf("01a2…", 2) // "5f1c…-…-8…-…"
 */
export function handoffIdOf(taskId: string, responseNo: number): string {
  const hex = createHash("sha256").update(`handoff:${taskId}:${responseNo}`).digest("hex");
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface HandoffOffer {
  id: string;
  response_no: number;
  /** The number offered; null for an email-only hand-off. */
  phone: string | null;
  offered_at: Date;
}

/** A lead's hand-offs with what a check or an event needs of the lead. */
export interface LeadOffers {
  lead_id: string;
  account_id: string;
  /** The lead's phone now. */
  phone: string | null;
  timezone: string | null;
  /** Oldest first. */
  offers: HandoffOffer[];
}

/**
 * A lead's hand-offs, from the attempts recorded for each response (their decision names the number). The
 * response a dispatcher holds leased right now, before its attempt is recorded, offers the lead's phone as the
 * claim read it (a repeat that changes the phone opens a new response, so the number is still the lead's).
 * Undefined for an unknown lead.
 */
export async function leadOffers(q: Queryable, leadId: string): Promise<LeadOffers | undefined> {
  if (!isUuid(leadId)) return undefined;
  const [lead] = await q.query<{
    account_id: string;
    phone: string | null;
    timezone: string | null;
    task_id: string | null;
    response_no: number | null;
    in_flight: boolean | null;
    permitted: boolean;
  }>(
    `select l.account_id::text as account_id, l.phone, l.timezone,
       case when q.lead_id is not null or l.handoff_status is not null then ${TASK_ID_SQL}::text end as task_id,
       coalesce(l.response_no, 1) as response_no, q.next_attempt_at > now() as in_flight,
       not l.test and l.response_reason is null and l.consent is not null and l.phone is not null as permitted
     from leads l left join handoff_queue q on q.lead_id = l.id where l.id = $1`,
    [leadId],
  );
  if (!lead) return undefined;
  const recorded = await q.query<{ response_no: number; phone: string | null; offered_at: Date }>(
    `select response_no, max(decision->>'phone') as phone, min(started_at) as offered_at
     from handoff_attempts where lead_id = $1 group by response_no order by response_no`,
    [leadId],
  );
  const offers: HandoffOffer[] = lead.task_id
    ? recorded.map((row) => ({
        id: handoffIdOf(lead.task_id!, row.response_no),
        response_no: row.response_no,
        phone: row.phone,
        offered_at: new Date(row.offered_at),
      }))
    : [];
  if (lead.task_id && lead.in_flight && !recorded.some((row) => row.response_no === lead.response_no)) {
    offers.push({
      id: handoffIdOf(lead.task_id, lead.response_no!),
      response_no: lead.response_no!,
      phone: lead.permitted ? lead.phone : null,
      offered_at: new Date(),
    });
  }
  return {
    lead_id: leadId,
    account_id: lead.account_id,
    phone: lead.phone,
    timezone: lead.timezone,
    offers,
  };
}

/** A hand-off as a check reads it, with its lead. Superseded: the lead's phone is no longer its number, or a later hand-off replaced it. */
export interface FoundHandoff extends HandoffOffer {
  lead: LeadOffers;
  superseded: boolean;
}

/** A hand-off of this lead; undefined for any other id (another lead's, another account's). */
export async function findHandoff(
  q: Queryable,
  handoffId: string,
  leadId: string,
): Promise<FoundHandoff | undefined> {
  const lead = await leadOffers(q, leadId);
  const index = lead?.offers.findIndex((offer) => offer.id === handoffId) ?? -1;
  if (!lead || index < 0) return undefined;
  const offer = lead.offers[index]!;
  const superseded = index < lead.offers.length - 1 || (offer.phone !== null && offer.phone !== lead.phone);
  return { ...offer, lead, superseded };
}

/** Every number a hand-off of the lead offered, newest first. */
export const offeredNumbers = (lead: LeadOffers): string[] => [
  ...new Set(
    lead.offers
      .map((offer) => offer.phone)
      .filter((phone) => phone !== null)
      .reverse(),
  ),
];
