// The live feed's log of later lead changes on PGlite and PostgreSQL: one row per change of updated_at, none for an
// update that keeps it, and old rows swept.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKENDS } from "../../testing/handoff-fixture.ts";
import { type InboxFixture, openInboxFixture, type TestChannel } from "../../testing/inbox-fixture.ts";
import { sweepExpiredRows } from "../accounts/expired-rows-sweep.ts";

describe.each(BACKENDS)("lead changes on %s", (backend) => {
  let fixture: InboxFixture;
  let web: TestChannel;
  beforeAll(async () => {
    fixture = await openInboxFixture(backend);
    web = await fixture.newAccount();
  });
  afterAll(() => fixture?.close());

  /** Plain rows (a driver's result array carries more than its rows). */
  const changesOf = async (leadId: string) => [
    ...(await fixture.db.query<{ account_id: string; same_stamp: boolean }>(
      `select c.account_id::text as account_id, c.changed_at = l.updated_at as same_stamp
       from lead_changes c join leads l on l.id = c.lead_id where c.lead_id = $1`,
      [leadId],
    )),
  ];

  it("logs a change of updated_at once per lead and statement, and nothing for the insert or an update keeping it", async () => {
    const { body: a } = await fixture.postAs(web, { email: "a@example.com" });
    const { body: b } = await fixture.postAs(web, { email: "b@example.com" });
    expect(await changesOf(a.id)).toEqual([]);
    await fixture.db.query("update leads set response_reason = response_reason where id = $1", [a.id]);
    expect(await changesOf(a.id)).toEqual([]);
    await fixture.db.query(
      "update leads set response_state = 'missed', updated_at = now() where id = any($1::uuid[])",
      [[a.id, b.id]],
    );
    expect(await changesOf(a.id)).toEqual([{ account_id: web.accountId, same_stamp: true }]);
    expect(await changesOf(b.id)).toEqual([{ account_id: web.accountId, same_stamp: true }]);
  });

  it("sweeps changes older than the catch-up reaches, and keeps the others", async () => {
    const { body: old } = await fixture.postAs(web, { email: "old@example.com" });
    const { body: recent } = await fixture.postAs(web, { email: "recent@example.com" });
    await fixture.db.query("update leads set updated_at = now() where id = any($1::uuid[])", [
      [old.id, recent.id],
    ]);
    await fixture.db.query(
      "update lead_changes set changed_at = now() - interval '8 days' where lead_id = $1",
      [old.id],
    );
    const swept = await sweepExpiredRows(fixture.db);
    expect(swept.lead_changes).toBe(1);
    expect(await changesOf(old.id)).toEqual([]);
    expect(await changesOf(recent.id)).toHaveLength(1);
  });
});
