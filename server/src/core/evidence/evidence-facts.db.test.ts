// Pre-dial checks, holds and quarantine in each lead's evidence log (PGlite and PostgreSQL): each written with its fact,
// chained, shown in the signed record, and checked by the one verifier.
import { CALL_CHECKS_PATH } from "@speed-to-lead/spec";
import { verifyEvidence } from "@speed-to-lead/spec/evidence-verify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  BACKENDS,
  eligibleLead,
  type HandoffFixture,
  openHandoffFixtureOn,
} from "../../testing/handoff-fixture.ts";
import { intakeRequest } from "../../testing/intake-requests.ts";
import { signedEventRequest } from "../../testing/signed-event.ts";
import { setIntakeGuard } from "../accounts/intake-guard.ts";
import { createChannelToken } from "../accounts/token-repository.ts";
import { addToList, removeFromList } from "../dnc/service.ts";
import { recordCallCheck } from "../handoff/call-checks.ts";
import { addHold, removeHold } from "../handoff/call-holds.ts";
import { evidenceRecord } from "../handoff/evidence-record.ts";
import type { LeadRow } from "../leads/lead-record.ts";
import { releaseLead } from "../leads/quarantine.ts";
import { type EvidenceKey, newEvidenceKey } from "./evidence-keys.ts";
import { readEvidenceLog } from "./evidence-log.ts";

const HOUR = 3_600_000;
const bodies = async (fixture: HandoffFixture, leadId: string) =>
  (await readEvidenceLog(fixture.db, leadId)).map((entry) => JSON.parse(entry.body));

describe.each(BACKENDS)("checks, holds and quarantine in the evidence log on %s", (backend) => {
  let fixture: HandoffFixture;
  let key: EvidenceKey;
  let jwks: { keys: object[] };
  beforeAll(async () => {
    fixture = await openHandoffFixtureOn(backend);
    key = await newEvidenceKey();
    jwks = { keys: [{ ...key.publicJwk, kid: key.kid, alg: "EdDSA", use: "sig" }] };
  });
  afterEach(async () => {
    await fixture.reset();
    await fixture.db.query(
      "update call_holds set removed_at = now(), removed_by = 'test' where removed_at is null",
    );
  });
  afterAll(() => fixture?.close());

  /** The signed record as the API hands it out, checked by the verifier. */
  async function verifiedRecord(leadId: string) {
    const [lead] = await fixture.db.query<LeadRow>("select * from leads where id = $1", [leadId]);
    const record = JSON.parse(JSON.stringify(await evidenceRecord(fixture.db, lead!, key)));
    expect(await verifyEvidence(record, jwks)).toMatchObject({ ok: true, kid: key.kid, asOf: record.as_of });
    return record;
  }

  const check = async (handoff: { handoff_id: string; lead_id: string; phone?: string }) => {
    const body = JSON.stringify({
      handoff_id: handoff.handoff_id,
      lead_id: handoff.lead_id,
      phone: handoff.phone,
    });
    const response = await fixture.app.handle(
      signedEventRequest(body, fixture.assistant.secret, {}, CALL_CHECKS_PATH),
    );
    expect(response.status).toBe(200);
    return await response.json();
  };

  it("a hold the hand-off read, each pre-dial check with its reasons, a hold a check read and a hold's early end", async () => {
    const soon = await addHold(fixture.db, {
      areaCodes: ["808"],
      startsAt: new Date(Date.now() + HOUR),
      endsAt: new Date(Date.now() + 2 * HOUR),
      reason: "storm warning",
      createdBy: "ops@operator.example",
    });
    expect(soon.ok).toBe(true);
    fixture.startDispatcher();
    const id = (await fixture.post(eligibleLead({ phone: "(808) 555-0101" }))).body.id;
    await fixture.waitUntilSettled();
    const handoff = fixture.assistant.deliveries.find((d) => d.payload.data.lead_id === id)!.payload.data;
    expect(handoff.call).toEqual({ permitted: true });

    const first = await check(handoff);
    const now = await addHold(fixture.db, {
      kind: "holiday",
      areaCodes: ["808"],
      startsAt: new Date(Date.now() - 60_000),
      endsAt: new Date(Date.now() + 3 * HOUR),
      reason: "proclamation",
      createdBy: "ops@operator.example",
    });
    const second = await check(handoff);
    expect(second.allowed).toBe(false);
    expect(second.reasons.map((reason: { code: string }) => reason.code)).toContain("held");
    const soonId = soon.ok ? soon.hold.id : "";
    expect(await removeHold(fixture.db, soonId, "ops@operator.example")).toBe(true);

    const log = await bodies(fixture, id);
    expect(log.map((entry) => entry.kind)).toEqual([
      "received",
      "handoff",
      "hold",
      "call_check",
      "call_check",
      "hold",
      "hold_removed",
    ]);
    // Each check as answered, its reasons included; each hold once per lead, as stored, with what read it.
    expect(log[3].data).toEqual({ ...first, webhook_id: expect.stringMatching(/^msg_/) });
    expect(log[4].data).toEqual({ ...second, webhook_id: expect.stringMatching(/^msg_/) });
    expect(log[2].data).toMatchObject({
      hold_id: soonId,
      kind: "emergency",
      area_codes: ["808"],
      reason: "storm warning",
      removed_at: null,
      read_by: "handoff",
    });
    expect(log[5].data).toMatchObject({
      hold_id: now.ok && now.hold.id,
      kind: "holiday",
      read_by: "call_check",
    });
    expect(log[6].data).toEqual({ hold_id: soonId, removed_at: expect.any(String) });
    // Who added or removed a hold stays with the operator: the log is handed to third parties.
    expect(JSON.stringify(log)).not.toContain("operator.example");

    const record = await verifiedRecord(id);
    expect(record.as_of.seq).toBe(7);
    // Oldest start first.
    expect(record.decisions.holds).toEqual([
      expect.objectContaining({ id: now.ok && now.hold.id, kind: "holiday", removed_at: null }),
      expect.objectContaining({ id: soonId, reason: "storm warning", removed_at: log[6].data.removed_at }),
    ]);
    expect(JSON.stringify(record)).not.toContain("operator.example");
  });

  it("a check that is rolled back leaves no entry: the entry is written in the check's own transaction", async () => {
    fixture.startDispatcher();
    const id = (await fixture.post(eligibleLead({ phone: "(305) 555-0111" }))).body.id;
    await fixture.waitUntilSettled();
    const handoff = fixture.assistant.deliveries.find((d) => d.payload.data.lead_id === id)!.payload.data;
    const answer = await check(handoff);
    const before = await readEvidenceLog(fixture.db, id);
    await expect(
      fixture.db.transaction(async (tx) => {
        await recordCallCheck(tx, { ...answer, check_id: crypto.randomUUID() }, "msg_rolled_back");
        expect(await readEvidenceLog(tx, id)).toHaveLength(before.length + 1);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await readEvidenceLog(fixture.db, id)).toEqual(before);
  });

  it("a quarantined lead: held at its arrival, released by its owner with the response it then gets", async () => {
    const form = await createChannelToken(fixture.db, fixture.accountId, `form ${backend}`, "intake");
    expect(
      await setIntakeGuard(fixture.db, fixture.accountId, form.id, {
        botCheckRequired: false,
        honeypotField: "website",
        allowedOrigins: null,
      }),
    ).toEqual({ ok: true });
    const posted = await fixture.app.handle(
      intakeRequest(
        { ...eligibleLead({ phone: "(305) 555-0112" }), website: "http://spam.example" },
        { token: form.token },
      ),
    );
    expect(posted.status).toBe(201);
    const id = ((await posted.json()) as { id: string }).id;
    // Without an email, a held lead is answered by no one until it is released.
    expect((await bodies(fixture, id)).map((entry) => entry.kind)).toEqual([
      "received",
      "quarantined",
      "response",
    ]);

    fixture.startDispatcher();
    expect(await releaseLead(fixture.db, fixture.accountId, id)).toEqual({ ok: true, calls: true });
    await fixture.waitUntilSettled();
    const log = await bodies(fixture, id);
    expect(log.map((entry) => entry.kind)).toEqual([
      "received",
      "quarantined",
      "response",
      "quarantine_released",
      "handoff",
    ]);
    expect(log[1].data).toEqual({ quarantine: "honeypot" });
    expect(log[2].data).toMatchObject({ state: "not_called", reason: "unverified" });
    expect(log[3].data).toMatchObject({
      quarantine: "honeypot",
      released_at: expect.any(String),
      response_state: "pending",
      response_reason: null,
    });
    // Released once: a second release is refused and writes nothing.
    expect(await releaseLead(fixture.db, fixture.accountId, id)).toEqual({ ok: false, code: "not_held" });
    expect(await bodies(fixture, id)).toHaveLength(5);

    const record = await verifiedRecord(id);
    expect(record.lead.quarantine).toEqual({ reason: "honeypot", released_at: log[3].data.released_at });
  });

  it("a decision no hand-off records: not called at arrival because the number was on the list then", async () => {
    const change = {
      accountId: fixture.accountId,
      phone: "+13055550114",
      via: "page" as const,
      actor: "owner@account.example",
    };
    await addToList(fixture.db, change);
    const id = (await fixture.post(eligibleLead({ phone: "(305) 555-0114" }))).body.id;
    const log = await bodies(fixture, id);
    expect(log.map((entry) => entry.kind)).toEqual(["received", "response"]);
    expect(log[1].data).toEqual({ state: "not_called", reason: "opted_out", respond_by: expect.any(String) });
    // Taken off the list within its five minutes: its response reopens, and the log says so.
    expect(await removeFromList(fixture.db, change)).toEqual({ removed: true, handoffsResumed: 1 });
    expect((await bodies(fixture, id)).slice(2)).toEqual([
      expect.objectContaining({
        kind: "response",
        data: { state: "pending", reason: null, respond_by: log[1].data.respond_by },
      }),
      expect.objectContaining({
        kind: "do_not_call",
        data: { action: "remove", via: "page", phone: "+13055550114" },
      }),
    ]);
    await verifiedRecord(id);
  });

  it("a lead never held or checked writes none of these entries", async () => {
    fixture.startDispatcher();
    const id = (await fixture.post(eligibleLead({ phone: "(305) 555-0113" }))).body.id;
    await fixture.waitUntilSettled();
    expect((await bodies(fixture, id)).map((entry) => entry.kind)).toEqual(["received", "handoff"]);
    const record = await verifiedRecord(id);
    expect([record.lead.quarantine, record.decisions.holds]).toEqual([null, []]);
  });
});
