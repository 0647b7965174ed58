// Coalesced commits on real PGlite and PostgreSQL: each lead of a batch keeps exactly its own outcome.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { BACKENDS } from "../../testing/backends.ts";
import { createTestToken } from "../../testing/intake-requests.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import type { ChannelIdentity } from "../accounts/authenticator.ts";
import { ConnectionClosedError } from "./connected-store.ts";
import { payloadFingerprint } from "./fingerprint.ts";
import { createFreshLeadBatch } from "./fresh-lead-batch.ts";
import { claimIdempotencyKey } from "./lead-store.ts";
import { createReplayCache } from "./replay-cache.ts";
import { acceptLead, type IntakeOutcome } from "./service.ts";
import { validateLead } from "./validation/validate-lead.ts";

/** The real database, with the text of every statement it ran, so a test sees how leads were grouped. */
function recording(db: Database) {
  const statements: string[] = [];
  const recorded: Database = {
    kind: db.kind,
    connections: db.connections,
    query: (text, params) => {
      statements.push(text);
      return db.query(text, params);
    },
    transaction: (fn) => db.transaction(fn),
    exec: (script) => db.exec(script),
    close: () => db.close(),
  };
  return { db: recorded, statements };
}

const leadInserts = (statements: string[]) => statements.filter((text) => text.includes("insert into leads"));

describe.each(BACKENDS)("coalesced commits on %s", (backend) => {
  let db: Database;
  let channel: ChannelIdentity;
  beforeAll(async () => {
    db = await openTestDatabase(backend, 4);
    channel = await createTestToken(db);
  });
  afterAll(() => db?.close());

  /** Posts every body in the same tick through one batch (one slot in flight), as concurrent requests would. */
  function postTogether(
    bodies: Record<string, unknown>[],
    options: { wanted?: (index: number) => boolean; maxLeads?: number } = {},
  ) {
    const recorder = recording(db);
    const live = {
      batch: createFreshLeadBatch(recorder.db, { maxLeads: options.maxLeads ?? 32, waitMs: 1, inFlight: 1 }),
      replays: createReplayCache(),
    };
    const now = new Date();
    const outcomes = bodies.map((body, index) => {
      const valid = validateLead(body, null, now);
      if (!valid.ok) throw new Error(`invalid test lead ${JSON.stringify(valid)}`);
      const stillWanted = () => options.wanted?.(index) ?? true;
      return acceptLead(recorder.db, channel, valid.lead, payloadFingerprint(body), now, {
        ...live,
        stillWanted,
      });
    });
    return { outcomes: Promise.allSettled(outcomes), statements: recorder.statements };
  }

  const leadsWithEmail = async (email: string) =>
    (await db.query<{ n: number }>("select count(*)::int as n from leads where email = $1", [email]))[0]!.n;
  const fulfilled = (result: PromiseSettledResult<IntakeOutcome>) => {
    if (result.status === "rejected") throw result.reason;
    return result.value;
  };

  it("duplicates of one key in a batch: one lead, the same payload replays its answer, another payload is refused", async () => {
    const key = `dup-${crypto.randomUUID()}`;
    const email = `${key}@example.com`;
    const same = { email, idempotency_key: key };
    const others = [1, 2, 3].map((n) => ({ email: `other-${n}-${key}@example.com` }));
    const { outcomes, statements } = postTogether([
      same,
      same,
      ...others,
      same,
      { ...same, first_name: "Ana" },
    ]);
    const results = (await outcomes).map(fulfilled);

    const stored = results[0]!;
    expect(stored.kind).toBe("stored");
    if (stored.kind !== "stored") return;
    for (const index of [1, 5]) {
      expect(results[index]).toEqual({
        kind: "replayed",
        status: 201,
        body: stored.body,
        leadId: stored.lead.id,
      });
    }
    expect(results[6]).toEqual({ kind: "key_reused" });
    for (const index of [2, 3, 4]) expect(results[index]!.kind).toBe("stored");
    expect(await leadsWithEmail(email)).toBe(1);
    // The first of the key and the three others went in one statement.
    expect(leadInserts(statements)[0]).toContain("unnest(");
    expect(leadInserts(statements).length).toBeLessThan(results.length);
  });

  it("duplicates of one external id: one lead, the others merged into it one by one, one response task", async () => {
    const externalLeadId = `ext-${crypto.randomUUID()}`;
    const base = {
      platform: "acme-crm",
      external_lead_id: externalLeadId,
      email: `${externalLeadId}@example.com`,
    };
    const consent = { source: "webform:/contact", reference: "r1", captured_at: new Date().toISOString() };
    const bodies = [1, 2, 3, 4, 5].map((n) => ({
      ...base,
      first_name: `Name ${n}`,
      ...(n === 3 ? { phone: "(415) 555-2671", consent } : {}),
    }));
    const results = (await postTogether(bodies).outcomes).map(fulfilled);
    const stored = results.filter((result) => result.kind === "stored");
    expect(stored).toHaveLength(5);
    expect(stored.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(stored.map((result) => result.lead.id)).size).toBe(1);
    const [lead] = await db.query<{ id: string; phone: string | null }>(
      "select id, phone from leads where external_lead_id = $1",
      [externalLeadId],
    );
    expect(lead!.phone).toBe("+14155552671");
    const counts = await db.query<{ tasks: number; repeats: number }>(
      `select (select count(*)::int from response_tasks where lead_id = $1) as tasks,
         (select count(*)::int from lead_repeats where lead_id = $1) as repeats`,
      [lead!.id],
    );
    expect(counts[0]).toEqual({ tasks: 1, repeats: 4 });
  });

  it("a bad lead among good ones fails alone: the others are stored", async () => {
    const tag = crypto.randomUUID();
    const good = [1, 2, 3, 4].map((n) => ({ email: `good-${n}-${tag}@example.com` }));
    const recorder = recording(db);
    const batch = createFreshLeadBatch(recorder.db, { maxLeads: 32, waitMs: 1, inFlight: 1 });
    const live = { batch, replays: createReplayCache(), stillWanted: () => true };
    const now = new Date();
    const post = (body: Record<string, unknown>, unstorable = false) => {
      const valid = validateLead(body, null, now);
      if (!valid.ok) throw new Error("invalid test lead");
      // A NUL in a text field, which validation refuses before it gets here: the database refuses it too.
      const lead = unstorable
        ? { ...valid.lead, input: { ...valid.lead.input, first_name: "A\u0000" } }
        : valid.lead;
      return acceptLead(recorder.db, channel, lead, payloadFingerprint(body), now, live);
    };
    const results = await Promise.allSettled([
      post(good[0]!),
      post(good[1]!),
      post({ email: `bad-${tag}@example.com` }, true),
      post(good[2]!),
      post(good[3]!),
    ]);
    expect(results[2]!.status).toBe("rejected");
    for (const index of [0, 1, 3, 4]) expect(fulfilled(results[index]!).kind).toBe("stored");
    for (const body of good) expect(await leadsWithEmail(body.email)).toBe(1);
    expect(await leadsWithEmail(`bad-${tag}@example.com`)).toBe(0);
    // One statement for the batch, then one per lead.
    expect(leadInserts(recorder.statements)).toHaveLength(1 + 5);
  });

  it("leads arriving together share one statement up to the batch size; a size of 1 stores each alone", async () => {
    const tag = crypto.randomUUID();
    const bodies = Array.from({ length: 10 }, (_, n) => ({ email: `together-${n}-${tag}@example.com` }));
    const together = postTogether(bodies.slice(0, 5));
    for (const result of await together.outcomes) expect(fulfilled(result).kind).toBe("stored");
    expect(leadInserts(together.statements)).toHaveLength(1);
    const alone = postTogether(bodies.slice(5), { maxLeads: 1 });
    for (const result of await alone.outcomes) expect(fulfilled(result).kind).toBe("stored");
    expect(leadInserts(alone.statements)).toHaveLength(5);
    for (const body of bodies) expect(await leadsWithEmail(body.email)).toBe(1);
  });

  it("a lead whose client went away before its batch started is not stored; the others are", async () => {
    const tag = crypto.randomUUID();
    const bodies = [1, 2, 3].map((n) => ({ email: `gone-${n}-${tag}@example.com` }));
    const results = await postTogether(bodies, { wanted: (index) => index !== 1 }).outcomes;
    expect(results[1]!.status).toBe("rejected");
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(ConnectionClosedError);
    expect(await leadsWithEmail(bodies[1]!.email)).toBe(0);
    for (const index of [0, 2]) {
      expect(fulfilled(results[index]!).kind).toBe("stored");
      expect(await leadsWithEmail(bodies[index]!.email)).toBe(1);
    }
  });

  // PGlite runs one transaction at a time: no other transaction can hold a key there.
  if (backend === "postgres")
    it("a key held by another transaction ends as that lead's 409; the rest of its batch is stored", async () => {
      const key = `held-${crypto.randomUUID()}`;
      const tag = crypto.randomUUID();
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let claimed!: () => void;
      const holding = new Promise<void>((resolve) => {
        claimed = resolve;
      });
      const holder = db.transaction(async (tx) => {
        // As a repeat's transaction claims a key: held until this transaction ends.
        await claimIdempotencyKey(tx, channel.accountId, key, "other payload", new Date());
        claimed();
        await released;
        throw new Error("roll back the holder");
      });
      // The holder outlives the client's deadline on purpose (two lock waits): its end is not the test.
      const holderEnded = holder.catch(() => undefined);
      await holding;
      const bodies = [
        { email: `held-${tag}@example.com`, idempotency_key: key },
        { email: `free-1-${tag}@example.com` },
        { email: `free-2-${tag}@example.com` },
      ];
      const results = (await postTogether(bodies).outcomes).map(fulfilled);
      release();
      await holderEnded;
      expect(results[0]).toEqual({ kind: "in_flight" });
      for (const index of [1, 2]) {
        expect(results[index]!.kind).toBe("stored");
        expect(await leadsWithEmail(bodies[index]!.email)).toBe(1);
      }
    }, 30_000);
});
