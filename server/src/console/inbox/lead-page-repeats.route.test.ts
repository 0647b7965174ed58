// A lead's repeat history stays bounded, through app.handle on PostgreSQL: identical repeats within a minute count in
// one row, a lead takes at most REPEATS_PER_LEAD_PER_HOUR repeats an hour (then 429 for that lead only), and its
// page lists the latest REPEATS_SHOWN with the count of earlier ones, whatever the history holds (20,000 rows here).
import { REPEATS_PER_LEAD_PER_HOUR, REPEATS_SHOWN } from "@speed-to-lead/spec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../app.ts";
import type { Database } from "../../db/database.ts";
import { signedInOwner } from "../../testing/console-client.ts";
import { itOnPostgres } from "../../testing/describe-on-postgres.ts";
import { elementTexts } from "../../testing/element-texts.ts";
import { createTestToken, intakeRequest } from "../../testing/intake-requests.ts";
import { ANY_BACKEND, openTestDatabase } from "../../testing/test-database.ts";

let db: Database;
let app: App;
beforeAll(async () => {
  db = await openTestDatabase(ANY_BACKEND, 4);
  app = createApp({ db, rateLimit: { perSecond: 0, burst: 0 } });
});
afterAll(() => db?.close());

async function post(token: string, body: unknown) {
  const response = await app.handle(intakeRequest(body, { token }));
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as { id: string },
  };
}

const rowsOf = async (leadId: string) =>
  await db.query<{ repeat_count: number }>(
    "select repeat_count from lead_repeats where lead_id = $1 order by received_at",
    [leadId],
  );

describe("a lead's repeats", () => {
  it("count identical ones within a minute in one row, and refuse the lead's repeats past the hour's cap", async () => {
    const { token } = await createTestToken(db);
    const key = { platform: "crm", external_lead_id: "R-1" };
    const first = await post(token, { ...key, email: "r@example.com" });
    for (let i = 0; i < 4; i++)
      expect((await post(token, { ...key, email: "r@example.com", first_name: "Same" })).status).toBe(200);
    expect((await rowsOf(first.body.id)).map((row) => Number(row.repeat_count))).toEqual([4]);

    // Varied repeats until the cap: 4 counted already.
    const answers = [];
    for (let i = 0; i < REPEATS_PER_LEAD_PER_HOUR; i++)
      answers.push(await post(token, { ...key, email: "r@example.com", first_name: `N${i}` }));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(REPEATS_PER_LEAD_PER_HOUR - 4);
    expect(statuses.slice(-4)).toEqual([429, 429, 429, 429]);
    const refused = answers.at(-1)!;
    expect((refused.body as unknown as { code: string }).code).toBe("lead_repeats_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3_500);
    // Nothing changed with a refused repeat, and another lead is not affected.
    const [stored] = await db.query<{ first_name: string }>("select first_name from leads where id = $1", [
      first.body.id,
    ]);
    expect(stored?.first_name).toBe(`N${REPEATS_PER_LEAD_PER_HOUR - 5}`);
    expect(
      (await post(token, { platform: "crm", external_lead_id: "R-2", email: "r@example.com" })).status,
    ).toBe(201);
    expect(await rowsOf(first.body.id)).toHaveLength(REPEATS_PER_LEAD_PER_HOUR - 4 + 1);
  });

  // On PostgreSQL (bun run test): 20,000 requests on PGlite ran past five minutes on two shared cores.
  itOnPostgres(
    "20,000 repeats of one lead posted: at most the hour's cap is stored, the rest refused for that lead",
    async () => {
      const { token, slug } = await createTestToken(db);
      const key = { platform: "crm", external_lead_id: "B-1" };
      const first = await post(token, { ...key, email: "b@example.com" });
      const statuses = new Map<number, number>();
      let next = 0;
      // 16 at a time, each repeat different (none groups with another): the worst case for the history.
      const worker = async () => {
        for (let i = next++; i < 20_000; i = next++) {
          const response = await app.handle(
            intakeRequest({ ...key, email: "b@example.com", first_name: `N${i}` }, { token }),
          );
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
      expect(Object.fromEntries(statuses)).toEqual({
        200: REPEATS_PER_LEAD_PER_HOUR,
        429: 20_000 - REPEATS_PER_LEAD_PER_HOUR,
      });
      expect(await rowsOf(first.body.id)).toHaveLength(REPEATS_PER_LEAD_PER_HOUR);
      const { client } = await signedInOwner(db, (request) => app.handle(request), slug, `o@${slug}.example`);
      const html = await (await client.get(`/console/inbox/${first.body.id}`)).text();
      const repeats = (await elementTexts(html, "#timeline li")).filter((text) =>
        text.includes("Repeat merged"),
      );
      expect(repeats).toHaveLength(REPEATS_SHOWN);
      console.log(`lead page after 20,000 posted repeats: ${new TextEncoder().encode(html).length} bytes`);
    },
    300_000,
  );

  it("the lead page lists the latest repeats and counts the earlier ones: 20,000 rows of history", async () => {
    const { token, slug } = await createTestToken(db);
    const lead = await post(token, { platform: "crm", external_lead_id: "H-1", email: "h@example.com" });
    // A long history (months of capped repeats), written as the intake writes it.
    await db.query(
      `insert into lead_repeats (id, lead_id, channel_token_id, received_at, changed_fields, fingerprint)
       select gen_random_uuid(), l.id, l.channel_token_id, l.received_at - make_interval(mins => 20000 - n),
         '{first_name}', md5(n::text)
       from leads l, generate_series(1, 20000) n where l.id = $1`,
      [lead.body.id],
    );
    const { client } = await signedInOwner(db, (request) => app.handle(request), slug, `o@${slug}.example`);
    const response = await client.get(`/console/inbox/${lead.body.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const events = await elementTexts(html, "#timeline li");
    const repeats = events.filter((text) => text.includes("Repeat merged"));
    expect(repeats).toHaveLength(REPEATS_SHOWN);
    expect(
      events.some((text) => text.includes(`Earlier repeats, not listed: ${20_000 - REPEATS_SHOWN} rows`)),
    ).toBe(true);
    const bytes = new TextEncoder().encode(html).length;
    console.log(`lead page with 20,000 repeats: ${bytes} bytes, ${repeats.length} repeats listed`);
    expect(bytes).toBeLessThan(100_000);
  });
});
