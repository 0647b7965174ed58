// The evidence log on PGlite and PostgreSQL: written with each fact, chained by SHA-256, refusing every change, and what it costs per lead.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BACKENDS,
  eligibleLead,
  type HandoffFixture,
  openHandoffFixtureOn,
} from "../../testing/handoff-fixture.ts";
import { signedEventRequest } from "../../testing/signed-event.ts";
import { type EvidenceEntry, GENESIS_HASH, readEvidenceLog } from "./evidence-log.ts";

/** The chain checked with node:crypto alone, as anyone holding the entries can. */
function chainProblems(entries: EvidenceEntry[]): string[] {
  const problems: string[] = [];
  let prev = GENESIS_HASH;
  entries.forEach((entry, index) => {
    if (entry.seq !== index + 1) problems.push(`entry ${index + 1} has seq ${entry.seq}`);
    if (entry.prev !== prev) problems.push(`entry ${entry.seq} does not follow its predecessor`);
    const hash = createHash("sha256").update(`${entry.prev}\n${entry.body}`, "utf8").digest("hex");
    if (hash !== entry.hash) problems.push(`entry ${entry.seq}'s hash is not its content's`);
    if (JSON.parse(entry.body).seq !== entry.seq)
      problems.push(`entry ${entry.seq}'s body names another seq`);
    prev = entry.hash;
  });
  return problems;
}

const kinds = (entries: EvidenceEntry[]) => entries.map((entry) => JSON.parse(entry.body).kind);

describe.each(BACKENDS)("evidence log on %s", (backend) => {
  let fixture: HandoffFixture;
  const event = (leadId: string, type: string, data: object = {}) =>
    fixture.app.handle(
      signedEventRequest(
        JSON.stringify({ type, timestamp: new Date().toISOString(), data: { lead_id: leadId, ...data } }),
        fixture.assistant.secret,
      ),
    );
  const stored = async (leadId: string) =>
    (
      await fixture.db.query<{ rows: number; bytes: number }>(
        "select count(*)::int as rows, coalesce(sum(pg_column_size(e.*)), 0)::int as bytes from lead_evidence e where lead_id = $1",
        [leadId],
      )
    )[0]!;

  beforeAll(async () => {
    fixture = await openHandoffFixtureOn(backend);
    fixture.startDispatcher();
  });
  afterAll(() => fixture?.close());

  it("a lead's facts join its chain as they happen: received (the lead row), hand-off, call attempt, opt-out", async () => {
    const lead = eligibleLead({ phone: "(305) 555-0101" });
    const id = (await fixture.post(lead)).body.id;
    // Storing the lead writes nothing to the log: entry 1 is the row.
    expect(await stored(id)).toEqual({ rows: 0, bytes: 0 });
    await fixture.waitUntilSettled();
    expect((await event(id, "lead.call_attempted", { attempted_at: new Date().toISOString() })).status).toBe(
      200,
    );
    expect((await event(id, "lead.opted_out")).status).toBe(200);

    const entries = await readEvidenceLog(fixture.db, id);
    expect(kinds(entries)).toEqual(["received", "handoff", "call_attempt", "do_not_call"]);
    expect(chainProblems(entries)).toEqual([]);
    const [received, handoff, , optOut] = entries.map((entry) => JSON.parse(entry.body));
    expect(received.data).toMatchObject({ lead_id: id, phone: "+13055550101", consent: lead.consent });
    expect(handoff.data).toMatchObject({
      attempt: 1,
      acknowledged: true,
      decision: { call: { permitted: true } },
    });
    expect(handoff.data.decision.rules_version).toEqual(expect.any(String));
    expect(optOut.data).toEqual({ action: "add", via: "assistant", phone: "+13055550101" });
    // Nobody's address or note: the log is handed to third parties.
    expect(entries.map((entry) => entry.body).join("")).not.toMatch(/actor|note/);
  });

  it("refuses to update, delete or truncate an entry, whoever asks", async () => {
    const id = (await fixture.post(eligibleLead({ phone: "(305) 555-0102" }))).body.id;
    await fixture.waitUntilSettled();
    expect((await stored(id)).rows).toBe(1);
    const refused = /append-only/;
    await expect(
      fixture.db.query("update lead_evidence set body = '{}' where lead_id = $1", [id]),
    ).rejects.toThrow(refused);
    await expect(fixture.db.query("delete from lead_evidence where lead_id = $1", [id])).rejects.toThrow(
      refused,
    );
    await expect(fixture.db.query("truncate lead_evidence")).rejects.toThrow(refused);
    expect(chainProblems(await readEvidenceLog(fixture.db, id))).toEqual([]);
  });

  it("a repeat that changes what was received writes entry 1 from the row as it was, so the chain holds", async () => {
    const external = { platform: "zillow", external_lead_id: `z-${crypto.randomUUID()}` };
    const first = eligibleLead({ phone: "(305) 555-0103", ...external });
    const id = (await fixture.post(first)).body.id;
    await fixture.waitUntilSettled();
    const before = await readEvidenceLog(fixture.db, id);
    const repeat = eligibleLead({ phone: "(305) 555-0104", ...external });
    expect((await fixture.post(repeat)).body.id).toBe(id);
    await fixture.waitUntilSettled();

    const after = await readEvidenceLog(fixture.db, id);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(kinds(after).slice(0, 3)).toEqual(["received", "handoff", "repeat_merged"]);
    expect(chainProblems(after)).toEqual([]);
    expect(JSON.parse(after[0]!.body).data.phone).toBe("+13055550103");
    expect(JSON.parse(after[2]!.body).data).toMatchObject({ phone: "+13055550104", consent: repeat.consent });
  });

  it("facts about one lead committed at once all join its chain, in turn: none lost, none twice", async () => {
    const id = (await fixture.post(eligibleLead({ phone: "(305) 555-0106" }))).body.id;
    await fixture.waitUntilSettled();
    // Each insert its own transaction, on as many connections as the pool gives (PostgreSQL: at once).
    await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        fixture.db.query(
          `insert into call_attempts (id, account_id, phone, lead_id, attempted_at, webhook_id)
           values (gen_random_uuid(), $1, '+13055550106', $2, now(), $3)`,
          [fixture.accountId, id, `msg_${n}`],
        ),
      ),
    );
    const entries = await readEvidenceLog(fixture.db, id);
    expect(chainProblems(entries)).toEqual([]);
    const webhookIds = entries.slice(2).map((entry) => JSON.parse(entry.body).data.webhook_id);
    expect(webhookIds.sort()).toEqual(Array.from({ length: 12 }, (_, n) => `msg_${n}`).sort());
  });

  it("costs per lead: no row to store it, one per hand-off attempt, call attempt and do-not-call change", async () => {
    const id = (await fixture.post(eligibleLead({ phone: "(305) 555-0105" }))).body.id;
    await fixture.waitUntilSettled();
    const handedOff = await stored(id);
    expect(handedOff.rows).toBe(1);
    expect((await event(id, "lead.call_attempted", { attempted_at: new Date().toISOString() })).status).toBe(
      200,
    );
    expect((await event(id, "lead.opted_out")).status).toBe(200);
    const total = await stored(id);
    expect(total.rows).toBe(3);
    // The hand-off entry carries its decision (the call window and each rule that shaped it).
    expect(handedOff.bytes).toBeGreaterThan(300);
    expect(handedOff.bytes).toBeLessThan(4_000);
    expect(total.bytes - handedOff.bytes).toBeLessThan(600);
    console.info(
      `evidence log on ${backend}: hand-off ${handedOff.bytes} B, with a call attempt and an opt-out ${total.rows} rows, ${total.bytes} B`,
    );
  });
});
