// A replay of a fresh lead's key answers byte for byte what its first post answered, re-rendered from the lead's
// row by a process that never saw the first answer (its own replay cache is empty), after the hand-off settled
// the lead, on PGlite and PostgreSQL: consent and context as sent, the list's verdict as it was, an intake-only
// token's answer still saying nothing of the list, and an answer the row cannot re-render kept as sent.
import { IGNORED_FIELDS_KEPT } from "@speed-to-lead/spec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../app.ts";
import { createChannelToken } from "../../core/accounts/token-repository.ts";
import { insertNumber } from "../../core/dnc/dnc-repository.ts";
import {
  BACKENDS,
  eligibleLead,
  type HandoffFixture,
  openHandoffFixtureOn,
} from "../../testing/handoff-fixture.ts";
import { intakeRequest } from "../../testing/intake-requests.ts";

describe.each(BACKENDS)("a replay re-rendered from the lead's row on %s", (backend) => {
  let fixture: HandoffFixture;
  let formToken: string;
  beforeAll(async () => {
    fixture = await openHandoffFixtureOn(backend);
    ({ token: formToken } = await createChannelToken(
      fixture.db,
      fixture.accountId,
      "Website form",
      "intake",
    ));
  }, 60_000);
  afterAll(() => fixture?.close());

  /** A post through an app of its own: a process whose replay cache never saw the key. */
  const postFresh = async (body: unknown, token = fixture.token) => {
    const app = createApp({ db: fixture.db, rateLimit: { perSecond: 0, burst: 0 } });
    const response = await app.handle(intakeRequest(body, { token }));
    return {
      status: response.status,
      replayed: response.headers.get("idempotent-replayed"),
      text: await response.text(),
    };
  };

  const stateOf = async (text: string) => {
    const id = (JSON.parse(text) as { id: string }).id;
    const [row] = await fixture.db.query<{ response_state: string }>(
      "select response_state from leads where id = $1",
      [id],
    );
    return row?.response_state;
  };

  /** Answers kept beside the leads: a fresh lead's key is on its row alone. */
  const keptAnswers = async (key: string) =>
    (
      await fixture.db.query<{ n: number }>(
        "select count(*)::int as n from idempotency_keys where key = $1",
        [key],
      )
    )[0]!.n;

  /** Consent and context in an order jsonb would not keep, numbers as JSON writes them. */
  const awkwardLead = (key: string, phone: string) =>
    eligibleLead({
      phone,
      idempotency_key: key,
      consent: {
        page_url: "https://example.com/form?b=2&a=1",
        source: "webform:/contact",
        captured_at: new Date().toISOString(),
        reference: `sub_${key}`,
        sellers: ["Zeta Homes", "Alpha Realty"],
      },
      context: { zeta: { y: 2, b: [3, { d: 1, c: 0.5 }] }, alpha: 1e3, "": "empty", "10": "ten", "2": "two" },
    });

  it("answers the first 201 byte for byte after the lead was handed off", async () => {
    const key = `replay-${crypto.randomUUID()}`;
    const lead = awkwardLead(key, "(415) 555-0171");
    const first = await postFresh(lead);
    expect(first.status, first.text).toBe(201);
    // What a sender sent comes back in its own order.
    expect(first.text).toContain('"consent":{"page_url"');
    expect(first.text).toContain(
      '"context":{"2":"two","10":"ten","zeta":{"y":2,"b":[3,{"d":1,"c":0.5}]},"alpha":1000',
    );
    fixture.startDispatcher();
    await fixture.waitUntilSettled();
    expect(await stateOf(first.text)).toBe("handed_off");
    const again = await postFresh(lead);
    expect([again.status, again.replayed]).toEqual([201, "true"]);
    expect(again.text).toBe(first.text);
    expect(JSON.parse(again.text).lead.response).toEqual({ state: "pending" });
    expect(await keptAnswers(key)).toBe(0);
    await fixture.reset();
  });

  it("answers the list's verdict as it was, and an intake-only token's answer still never shows it", async () => {
    const phone = "+14155550172";
    await insertNumber(fixture.db, fixture.accountId, phone);
    const read = awkwardLead(`listed-${crypto.randomUUID()}`, phone);
    const readFirst = await postFresh(read);
    expect(JSON.parse(readFirst.text).lead.response).toEqual({ state: "not_called", reason: "opted_out" });
    const form = { ...awkwardLead(`form-${crypto.randomUUID()}`, phone), email: undefined };
    const formFirst = await postFresh(form, formToken);
    expect(formFirst.status, formFirst.text).toBe(201);
    expect(JSON.parse(formFirst.text).call_eligible).toBe(true);
    expect(await stateOf(formFirst.text)).toBe("not_called");
    const [readAgain, formAgain] = [await postFresh(read), await postFresh(form, formToken)];
    expect([readAgain.replayed, formAgain.replayed]).toEqual(["true", "true"]);
    expect(readAgain.text).toBe(readFirst.text);
    expect(formAgain.text).toBe(formFirst.text);
  });

  it("keeps as sent an answer listing more ignored fields than the lead keeps", async () => {
    const extras = Object.fromEntries(
      Array.from({ length: IGNORED_FIELDS_KEPT + 5 }, (_, i) => [`extra_${i}`, i]),
    );
    const lead = { email: "many@example.com", idempotency_key: `many-${crypto.randomUUID()}`, ...extras };
    const first = await postFresh(lead);
    expect(JSON.parse(first.text).ignored_fields).toHaveLength(IGNORED_FIELDS_KEPT + 5);
    expect(await keptAnswers(lead.idempotency_key)).toBe(1);
    const again = await postFresh(lead);
    expect([again.status, again.replayed]).toEqual([201, "true"]);
    expect(again.text).toBe(first.text);
  });
});
