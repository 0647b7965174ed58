// The names the API ignored, kept with every lead on PGlite and PostgreSQL: in the intake's own insert (keyed or
// not), added to by repeats, bounded, storable whatever a sender sends; migration 0022 carries over older leads'.

import { IGNORED_FIELD_NAME_MAX, IGNORED_FIELDS_KEPT } from "@speed-to-lead/spec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../db/migrate.ts";
import { BACKENDS, type HandoffFixture, openHandoffFixtureOn } from "../../testing/handoff-fixture.ts";

describe.each(BACKENDS)("ignored field names on %s", (backend) => {
  let fixture: HandoffFixture;
  beforeAll(async () => {
    fixture = await openHandoffFixtureOn(backend);
  });
  afterAll(() => fixture?.close());

  const keptFor = async (id: string) => {
    const [row] = await fixture.db.query<{ ignored_fields: string[] | null }>(
      "select ignored_fields from leads where id = $1",
      [id],
    );
    return row!.ignored_fields && Array.from(row!.ignored_fields);
  };

  it("keeps the names of a lead sent without a key, bounded and storable; the answer still lists them all", async () => {
    const extras = Array.from({ length: 30 }, (_, i) => `extra_${i}`);
    const { status, body } = await fixture.post({
      email: "ana@example.com",
      "nul\u0000name": 1,
      "lone\ud800": 2,
      ["n".repeat(500)]: 3,
      ...Object.fromEntries(extras.map((name) => [name, true])),
    });
    expect(status).toBe(201);
    expect(body.ignored_fields).toHaveLength(33);
    expect(await keptFor(body.id)).toEqual([
      "nul\ufffdname",
      "lone\ufffd",
      "n".repeat(IGNORED_FIELD_NAME_MAX),
      ...extras.slice(0, IGNORED_FIELDS_KEPT - 3),
    ]);
  });

  it("keeps null for a lead whose every field is known, as for a repeat that adds none", async () => {
    const { body } = await fixture.post({ email: "bo@example.com", first_name: "Bo" });
    expect(await keptFor(body.id)).toBeNull();
    const lead = { email: "bo@example.com", platform: "crm", external_lead_id: "ig-0" };
    const first = await fixture.post(lead);
    await fixture.post({ ...lead, first_name: "Bo" });
    expect(await keptFor(first.body.id)).toBeNull();
  });

  it("adds the names a repeat brings after those kept", async () => {
    const lead = { email: "cy@example.com", platform: "crm", external_lead_id: "ig-1" };
    const first = await fixture.post({ ...lead, utm_source: "x", crm_stage: "new" });
    const repeat = await fixture.post({ ...lead, gclid: "g", crm_stage: "won" });
    expect(repeat.status).toBe(200);
    expect(repeat.body.id).toBe(first.body.id);
    expect(await keptFor(first.body.id)).toEqual(["utm_source", "crm_stage", "gclid"]);
  });

  it("migration 0022 carries the names over from the answers kept for keys, leaving out what cannot be stored", async () => {
    const keyed = await fixture.post(
      { email: "di@example.com", utm_source: "x", ["k".repeat(100)]: 1 },
      { "idempotency-key": "ig-keyed-1" },
    );
    const unstorable = await fixture.post(
      { email: "ed@example.com", "a\u0000b": 1 },
      { "idempotency-key": "ig-nul-1" },
    );
    const unkeyed = await fixture.post({ email: "fa@example.com", utm_medium: "y" });
    // The database as it was before 0022: no column, no index, the migration not applied.
    await fixture.db.exec(`alter table leads drop column ignored_fields;
      drop index call_attempts_by_lead;
      delete from schema_migrations where version = '0022_lead_page_history';`);
    expect((await migrate(fixture.db)).applied).toEqual(["0022_lead_page_history"]);
    expect(await keptFor(keyed.body.id)).toEqual(["utm_source", "k".repeat(IGNORED_FIELD_NAME_MAX)]);
    expect(await keptFor(unstorable.body.id)).toBeNull();
    // Never known for a lead without a key: nothing to carry over.
    expect(await keptFor(unkeyed.body.id)).toBeNull();
  });
});
