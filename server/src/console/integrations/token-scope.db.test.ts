// The Integrations page's scope choice through app.handle on PGlite: an intake-only token made from the form is
// stl_pk_, listed as such (en and es), refused on reads, kept by a roll; a made-up scope is refused.
import { LEADS_PATH } from "@speed-to-lead/spec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../app.ts";
import type { Database } from "../../db/database.ts";
import { migrate } from "../../db/migrate.ts";
import { signedInOwner } from "../../testing/console-client.ts";
import { elementTexts } from "../../testing/element-texts.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";
import { intakeRequest } from "../../testing/intake-requests.ts";

let db: Database;
let app: App;
const handle = (request: Request) => app.handle(request);

beforeAll(async () => {
  db = await createMemoryDatabase();
  await migrate(db);
  app = createApp({ db });
});
afterAll(() => db.close());

/** The trimmed text of each element matching a CSS selector. */
const textsOf = async (html: string, selector: string) =>
  (await elementTexts(html, selector)).map((text) => text.trim());

const secretOf = (html: string) => /id="new-secret">(stl_[a-z]{2}_[^<]+)</.exec(html)?.[1];

describe("the scope of a token made on the Integrations page", () => {
  it("offers both, read checked, each with where it belongs; intake makes a stl_pk_ token that cannot read", async () => {
    const { client } = await signedInOwner(db, handle, "scope-acme", "ana@scope.example");
    const form = client.html;
    expect(await textsOf(form, "#create-section legend")).toEqual(["What the token may do"]);
    expect(form).toMatch(/<input[^>]*id="token-scope-read"[^>]*checked/);
    expect(form).not.toMatch(/<input[^>]*id="token-scope-intake"[^>]*checked/);
    expect(await textsOf(form, "#token-scope-intake-hint")).toEqual([
      expect.stringContaining("For a browser form or any web page"),
    ]);
    expect(await textsOf(form, "#token-scope-read-hint")).toEqual([
      expect.stringContaining("Never put it in a web page"),
    ]);

    // Each create redirects to the page that shows its secret once (POST-redirect-GET).
    const create = async (form: Record<string, string>) =>
      (await client.follow(await client.post("/console/integrations/tokens", form))).status;
    expect(await create({ name: "Web form", scope: "intake" })).toBe(200);
    const intake = secretOf(client.html)!;
    expect(intake).toMatch(/^stl_pk_[A-Za-z0-9_-]{43}$/);
    expect(await create({ name: "CRM", scope: "read" })).toBe(200);
    const read = secretOf(client.html)!;
    expect(read).toMatch(/^stl_ch_/);
    // A post without a choice (a script's) takes the default, read.
    expect(await create({ name: "Script" })).toBe(200);
    expect(secretOf(client.html)).toMatch(/^stl_ch_/);

    const list = await client.get("/console/integrations");
    const html = await list.text();
    expect(await textsOf(html, "#token-table thead th")).toContain("Access");
    expect(await textsOf(html, "#token-table td.scope-intake")).toEqual(["Post only"]);
    expect(await textsOf(html, "#token-table td.scope-read")).toEqual(["Post and read", "Post and read"]);
    expect(await textsOf(html, "#token-table td code")).toEqual(
      expect.arrayContaining([`stl_pk_…${intake.slice(-4)}`, `stl_ch_…${read.slice(-4)}`]),
    );
    const spanish = await (await client.get("/console/integrations", { "accept-language": "es" })).text();
    expect(await textsOf(spanish, "#token-table td.scope-intake")).toEqual(["Solo enviar"]);

    // The token works for what it may do, and only that.
    const posted = await app.handle(intakeRequest({ email: "w@example.com" }, { token: intake }));
    expect(posted.status).toBe(201);
    const { id } = (await posted.json()) as { id: string };
    const readWith = async (token: string, lead = id) =>
      (
        await app.handle(
          new Request(`http://localhost${LEADS_PATH}/${lead}`, {
            headers: { authorization: `Bearer ${token}` },
          }),
        )
      ).status;
    // A new read token reads its own channel's leads; the form's only once its owner allows other channels.
    expect([await readWith(intake), await readWith(read)]).toEqual([403, 404]);
    const own = await app.handle(intakeRequest({ email: "r@example.com" }, { token: read }));
    expect(await readWith(read, ((await own.json()) as { id: string }).id)).toBe(200);
  });

  it("a roll from the page keeps the scope; a made-up scope is refused with the name kept", async () => {
    const { client } = await signedInOwner(db, handle, "scope-roll", "bob@scope.example");
    await client.post("/console/integrations/tokens", { name: "Landing page", scope: "intake" });
    const [row] = await db.query<{ id: string }>("select id from channel_tokens where name = 'Landing page'");
    await client.get(`/console/integrations/tokens/${row!.id}/roll`);
    const rolled = await client.post(`/console/integrations/tokens/${row!.id}/roll`, { expiry: "now" });
    expect((await client.follow(rolled)).status).toBe(200);
    expect(secretOf(client.html)).toMatch(/^stl_pk_/);
    const scopes = await db.query<{ scope: string }>(
      "select scope from channel_tokens where name = 'Landing page'",
    );
    expect(scopes.map((r) => r.scope)).toEqual(["intake", "intake"]);

    await client.get("/console/integrations");
    const refused = await client.post("/console/integrations/tokens", { name: "Odd", scope: "admin" });
    expect(refused.status).toBe(422);
    expect(await textsOf(client.html, "#token-scope-error")).toEqual(["Choose what the token may do."]);
    expect(client.html).toMatch(/<input[^>]*id="token-name"[^>]*value="Odd"/);
    expect(await db.query("select id from channel_tokens where name = 'Odd'")).toEqual([]);
  });
});
