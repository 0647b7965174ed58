// "Hand off again" on PGlite and PostgreSQL: only for a failed lead before respond_by, recorded with who and when, delivered again.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../testing/eventually.ts";
import { eligibleLead } from "../../testing/handoff-fixture.ts";
import {
  BACKENDS,
  type InboxFixture,
  openWithTwoAccounts,
  type TestChannel,
} from "../../testing/inbox-fixture.ts";
import { getLeadDetail } from "../inbox/lead-detail.ts";
import { handOffAgain } from "./handoff-retries.ts";

const OWNER = "0193c0de-0000-7000-8000-000000000001";

describe.each(BACKENDS)("hand off again on %s", (backend) => {
  let fixture: InboxFixture;
  let web: TestChannel;
  let other: TestChannel;

  beforeAll(async () => {
    ({ fixture, web, other } = await openWithTwoAccounts(backend));
  });
  afterEach(async () => {
    await fixture.reset();
    // Each test starts with no pending task: leads left pending here must not take the next test's failures.
    await fixture.db.query("delete from handoff_queue");
  });
  afterAll(() => fixture?.close());

  /** A lead whose first attempt failed; its retry is far away (a 60 s backoff), the dispatcher stopped. */
  async function failedLead() {
    fixture.assistant.failNext(1, 500);
    const dispatcher = fixture.startDispatcher({ retryBaseMs: 60_000, retryMaxMs: 60_000 });
    const { body } = await fixture.postAs(web, eligibleLead());
    await fixture.assistant.waitUntil(() => fixture.assistant.deliveries.length === 1, "a failed attempt");
    await eventually(
      () => getLeadDetail(fixture.db, web.accountId, body.id),
      (lead) => lead?.attempts.length === 1,
    );
    await dispatcher.stop();
    return body.id as string;
  }

  it("makes a failed lead due now, records who and when, and the dispatcher delivers it", async () => {
    const leadId = await failedLead();
    const before = await getLeadDetail(fixture.db, web.accountId, leadId);
    expect(before!.handoff).toMatchObject({ status: "pending", attempts: 1 });
    expect(before!.handoff!.last_error).toMatch(/500/);

    const result = await handOffAgain(fixture.db, { accountId: web.accountId, leadId, ownerId: OWNER });
    expect(result.ok).toBe(true);
    fixture.startDispatcher({ retryBaseMs: 60_000, retryMaxMs: 60_000 });
    await fixture.waitUntilSettled();

    const after = await eventually(
      () => getLeadDetail(fixture.db, web.accountId, leadId),
      (lead) => lead?.attempts.length === 2,
    );
    expect(after!.response_state).toBe("handed_off");
    expect(after!.retries).toEqual([{ requested_by: OWNER, requested_at: expect.any(Date) }]);
    expect(after!.attempts.map((attempt) => attempt.ok)).toEqual([false, true]);
  });

  it("refuses another account's lead as not found, and leads that did not fail", async () => {
    const leadId = await failedLead();
    expect(await handOffAgain(fixture.db, { accountId: other.accountId, leadId, ownerId: OWNER })).toEqual({
      ok: false,
      code: "not_found",
    });
    expect(await handOffAgain(fixture.db, { accountId: web.accountId, leadId: "x", ownerId: OWNER })).toEqual(
      {
        ok: false,
        code: "not_found",
      },
    );
    const notCalled = await fixture.postAs(web, { email: "no-consent@example.com" });
    expect(
      await handOffAgain(fixture.db, { accountId: web.accountId, leadId: notCalled.body.id, ownerId: OWNER }),
    ).toEqual({ ok: false, code: "not_failed" });
    // Pending and never tried (no dispatcher running): nothing failed yet.
    const fresh = await fixture.postAs(web, eligibleLead());
    expect(
      await handOffAgain(fixture.db, { accountId: web.accountId, leadId: fresh.body.id, ownerId: OWNER }),
    ).toEqual({ ok: false, code: "not_failed" });
    expect((await getLeadDetail(fixture.db, web.accountId, leadId))!.retries).toEqual([]);
  });

  it("refuses once respond_by has passed", async () => {
    const leadId = await failedLead();
    await fixture.db.query(
      `with missed as (delete from handoff_queue where lead_id = $1 returning attempts, last_error)
       update leads set respond_by = now() - interval '1 second', handoff_status = 'missed',
         handoff_attempts = missed.attempts, handoff_error = missed.last_error
       from missed where id = $1`,
      [leadId],
    );
    expect(await handOffAgain(fixture.db, { accountId: web.accountId, leadId, ownerId: OWNER })).toEqual({
      ok: false,
      code: "respond_by_passed",
    });
  });
});
