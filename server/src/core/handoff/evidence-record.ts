// A lead's evidence record: consent as received, arrival, every compliance decision, attempts, events and opt-outs, its chained log, signed.
import { EVIDENCE_RECORD_VERSION } from "@speed-to-lead/spec";
import type { Queryable } from "../../db/database.ts";
import type { EvidenceKey } from "../evidence/evidence-keys.ts";
import { readEvidenceLog } from "../evidence/evidence-log.ts";
import { type RecordSignature, signRecord } from "../evidence/record-signature.ts";
import type { LeadRow } from "../leads/lead-record.ts";
import { leadOffers } from "./handoff-offers.ts";
import { RULES_VERSION } from "./rules-version.ts";

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

interface TokenName {
  id: string;
  name: string;
}

async function tokenNames(db: Queryable, ids: (string | null)[]): Promise<Map<string, TokenName>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  const rows = wanted.length
    ? await db.query<TokenName>(
        `select id::text as id, name from channel_tokens where id::text = any($1::text::text[])`,
        [`{${wanted.join(",")}}`],
      )
    : [];
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Everything the service knows about how this lead was treated, in one document a buyer can hand a
 * lawyer. Read in one go; `signature` covers every other field (see record-signature.ts). Who changed the
 * do-not-call list (an owner's address) and their notes stay out: the record is handed to third parties.
 *
 * @example const record = await evidenceRecord(db, lead, key);
 */
export async function evidenceRecord(
  db: Queryable,
  lead: LeadRow,
  key: EvidenceKey,
): Promise<Record<string, unknown> & { signature: RecordSignature }> {
  // The lead's numbers: its phone now and every number a hand-off offered (a repeat may have changed it).
  const offers = (await leadOffers(db, lead.id))?.offers ?? [];
  const numbers = [
    ...new Set([lead.phone, ...offers.map((offer) => offer.phone)].filter((phone) => phone !== null)),
  ];
  // E.164 numbers only: digits and a plus, safe in an array literal both drivers pass as text.
  const numberList = `{${numbers.join(",")}}`;
  const [log, attempts, callAttempts, dncChanges, [account], checks] = await Promise.all([
    readEvidenceLog(db, lead.id),
    db.query<{
      response_no: number;
      attempt: number;
      started_at: Date;
      latency_ms: number;
      ok: boolean;
      http_status: number | null;
      error: string | null;
      decision: unknown;
    }>(
      `select response_no, attempt, started_at, latency_ms, ok, http_status, error, decision
       from handoff_attempts where lead_id = $1 order by started_at, attempt`,
      [lead.id],
    ),
    db.query<{ lead_id: string; phone: string; attempted_at: Date; received_at: Date; webhook_id: string }>(
      `select lead_id::text as lead_id, phone, attempted_at, received_at, webhook_id from call_attempts
       where account_id = $1 and phone = any($2::text::text[]) order by attempted_at, id`,
      [lead.account_id, numberList],
    ),
    // Who changed the list (an owner's address) and their note stay out: the record goes to third parties.
    db.query<{ phone: string; action: string; via: string; created_at: Date }>(
      `select phone, action, via, created_at from dnc_changes
       where account_id = $1 and phone = any($2::text::text[]) order by created_at, id`,
      [lead.account_id, numberList],
    ),
    db.query<{ slug: string; require_consent_evidence: string }>(
      "select slug, require_consent_evidence from accounts where id = $1",
      [lead.account_id],
    ),
    db.query<{ answer: unknown; webhook_id: string }>(
      "select answer, webhook_id from call_checks where lead_id = $1 order by checked_at, id",
      [lead.id],
    ),
  ]);
  const tokens = await tokenNames(db, [lead.channel_token_id, lead.consent_channel_token_id]);
  const last = log[log.length - 1]!;
  const record = {
    type: "lead.evidence",
    version: EVIDENCE_RECORD_VERSION,
    generated_at: new Date().toISOString(),
    as_of: { seq: last.seq, hash: last.hash, at: (JSON.parse(last.body) as { at: string }).at },
    account: { id: lead.account_id, slug: account?.slug ?? null },
    lead: {
      id: lead.id,
      platform: lead.platform,
      external_lead_id: lead.external_lead_id,
      test: lead.test,
      phone: lead.phone,
      received_at: iso(lead.received_at),
      respond_by: iso(lead.respond_by),
      channel_token: tokens.get(lead.channel_token_id) ?? { id: lead.channel_token_id, name: null },
    },
    consent: lead.consent
      ? {
          as_received: lead.consent,
          received_at: iso(lead.consent_received_at),
          channel_token: lead.consent_channel_token_id
            ? (tokens.get(lead.consent_channel_token_id) ?? { id: lead.consent_channel_token_id, name: null })
            : null,
        }
      : null,
    decisions: {
      response: { state: lead.response_state, reason: lead.response_reason },
      evidence_required: account?.require_consent_evidence ?? "none",
      rules_version_now: RULES_VERSION,
      handoffs: attempts.map((row) => ({
        response_no: row.response_no,
        attempt: row.attempt,
        started_at: iso(row.started_at),
        latency_ms: row.latency_ms,
        acknowledged: row.ok,
        http_status: row.http_status,
        error: row.error,
        decision: row.decision ?? null,
      })),
      offers: offers.map((offer) => ({
        handoff_id: offer.id,
        response_no: offer.response_no,
        phone: offer.phone,
        offered_at: iso(offer.offered_at),
      })),
    },
    assistant_events: {
      call_attempts: callAttempts.map((row) => ({
        lead_id: row.lead_id,
        phone: row.phone,
        attempted_at: iso(row.attempted_at),
        received_at: iso(row.received_at),
        webhook_id: row.webhook_id,
      })),
      do_not_call: dncChanges.map((row) => ({
        phone: row.phone,
        action: row.action,
        via: row.via,
        at: iso(row.created_at),
      })),
      call_checks: checks.map((row) => ({
        ...(typeof row.answer === "string" ? JSON.parse(row.answer) : row.answer),
        webhook_id: row.webhook_id,
      })),
    },
    log,
  };
  return { ...record, signature: await signRecord(record, key) };
}
