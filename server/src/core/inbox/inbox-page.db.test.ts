// Inbox pages on PGlite and PostgreSQL: newest first, keyset pages, every filter and search, scoped by account.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BACKENDS,
  type InboxFixture,
  openWithTwoAccounts,
  type TestChannel,
} from "../../testing/inbox-fixture.ts";
import { completeConsent } from "../../testing/intake-requests.ts";
import type { InboxFilter } from "./inbox-filter.ts";
import { listInboxPage } from "./inbox-page.ts";

describe.each(BACKENDS)("inbox pages on %s", (backend) => {
  let fixture: InboxFixture;
  let web: TestChannel;
  let zillow: TestChannel;
  let other: TestChannel;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    ({ fixture, web, other } = await openWithTwoAccounts(backend));
    zillow = await fixture.newChannel(web.accountId, "Zillow feed");
    const post = async (name: string, channel: TestChannel, lead: Record<string, unknown>) => {
      const { status, body } = await fixture.postAs(channel, { first_name: name, ...lead });
      expect(status).toBe(201);
      ids[name] = body.id;
    };
    await post("eligible", web, { phone: "(415) 555-0142", consent: completeConsent(), source: "partner" });
    await post("test", web, { phone: "415-555-0143", consent: completeConsent(), test: true });
    await post("noconsent", zillow, { email: "Ana@Example.com", source_campaign: "spring" });
    await post("external", zillow, {
      email: "b@example.com",
      platform: "hubspot",
      external_lead_id: "HS-77",
    });
    for (let i = 0; i < 7; i++) await post(`bulk${i}`, web, { email: `bulk${i}@example.com` });
    // The other account holds the same phone and email: never visible to the first.
    await post("foreign", other, {
      phone: "(415) 555-0142",
      email: "ana@example.com",
      consent: completeConsent(),
    });
  });
  afterAll(() => fixture?.close());

  const names = async (filter: InboxFilter, accountId = web.accountId) =>
    (await listInboxPage(fixture.db, accountId, filter, { limit: 100 })).rows.map((row) => row.first_name);

  it("lists the account's leads newest first, every page once, through keyset cursors", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listInboxPage(fixture.db, web.accountId, {}, { cursor, limit: 3 });
      expect(page.rows.length).toBeLessThanOrEqual(3);
      seen.push(...page.rows.map((row) => row.first_name!));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen).toEqual([
      ...[6, 5, 4, 3, 2, 1, 0].map((i) => `bulk${i}`),
      "external",
      "noconsent",
      "test",
      "eligible",
    ]);
  });

  it("gives each row what the inbox shows", async () => {
    const { rows } = await listInboxPage(fixture.db, web.accountId, {}, { limit: 100 });
    const byName = Object.fromEntries(rows.map((row) => [row.first_name, row]));
    expect(byName.eligible).toMatchObject({
      id: ids.eligible,
      phone: "+14155550142",
      phone_display: "(415) 555-0142",
      source: "partner",
      channel_name: "test",
      test: false,
      consent_present: true,
      call_eligible: true,
      not_called_reason: null,
      response_state: "pending",
    });
    expect(byName.eligible!.respond_by.getTime() - byName.eligible!.received_at.getTime()).toBe(300_000);
    expect(byName.test).toMatchObject({ test: true, call_eligible: false, not_called_reason: "test" });
    expect(byName.noconsent).toMatchObject({
      channel_name: "Zillow feed",
      consent_present: false,
      call_eligible: false,
      not_called_reason: "no_consent",
      // An email and no consent: answered by email only.
      response_state: "pending",
      source_campaign: "spring",
      phone: null,
      phone_display: null,
    });
  });

  it("filters by live or test, call-eligibility, response state, source and channel", async () => {
    expect(await names({ test: true })).toEqual(["test"]);
    expect(await names({ test: false })).not.toContain("test");
    expect(await names({ callEligible: true })).toEqual(["eligible"]);
    expect(await names({ callEligible: false })).toHaveLength(10);
    // Every lead still to be answered (by call or by email), found through its pending task.
    expect(await names({ responseState: "pending" })).toEqual([
      ...[6, 5, 4, 3, 2, 1, 0].map((i) => `bulk${i}`),
      "external",
      "noconsent",
      "eligible",
    ]);
    expect(await names({ responseState: "not_called", test: true })).toEqual(["test"]);
    expect(await names({ source: "partner" })).toEqual(["eligible"]);
    expect(await names({ channelTokenId: zillow.tokenId })).toEqual(["external", "noconsent"]);
    // Another account's channel id, malformed ids and unknown states match nothing rather than fail.
    expect(await names({ channelTokenId: other.tokenId })).toEqual([]);
    expect(await names({ channelTokenId: "not-a-uuid" })).toEqual([]);
    expect(await names({ responseState: "bogus" as never })).toEqual([]);
  });

  it("searches by phone in any format the intake accepts, by email and by external id", async () => {
    for (const phone of ["+1 415 555 0142", "415.555.0142", "1-415-555-0142", "(415) 555-0142"]) {
      expect(await names({ search: phone })).toEqual(["eligible"]);
    }
    expect(await names({ search: "ana@example.COM" })).toEqual(["noconsent"]);
    expect(await names({ search: "HS-77" })).toEqual(["external"]);
    expect(await names({ search: "nobody@example.com" })).toEqual([]);
    expect(await names({ search: "HS-77", test: true })).toEqual([]);
  });

  it("never shows another account's leads, whatever the filter or cursor", async () => {
    expect(await names({}, other.accountId)).toEqual(["foreign"]);
    const first = await listInboxPage(fixture.db, web.accountId, {}, { limit: 2 });
    const withForeignCursor = await listInboxPage(
      fixture.db,
      other.accountId,
      {},
      { cursor: first.nextCursor },
    );
    expect(withForeignCursor.rows.map((row) => row.first_name)).not.toContain("eligible");
    expect(await names({ search: "(415) 555-0142" }, other.accountId)).toEqual(["foreign"]);
  });

  it("treats an unreadable cursor as the first page", async () => {
    const page = await listInboxPage(
      fixture.db,
      web.accountId,
      {},
      { cursor: "'; drop table leads; --", limit: 1 },
    );
    expect(page.rows[0]?.first_name).toBe("bulk6");
  });
});
