// Re-confirmation with a fixed clock, through real HTTP handling on PGlite: a sensitive change more than 10 minutes
// after the owner last gave their password changes nothing and sends them to confirm; the password (through the
// sign-in guard) lets them back for another 10 minutes; other pages never ask.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../app.ts";
import type { Database } from "../../db/database.ts";
import { migrate } from "../../db/migrate.ts";
import { OWNER_PASSWORD, signedInOwner } from "../../testing/console-client.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";

const MINUTE = 60_000;
let db: Database;
let app: App;
let now = Date.now();
const handle = (request: Request) => app.handle(request);
const referer = { referer: "http://localhost/console/team" };

beforeAll(async () => {
  db = await createMemoryDatabase();
  await migrate(db);
  app = createApp({ db, clock: () => now });
});
afterAll(() => db.close());

const invitations = async (email: string) =>
  (
    await db.query<{ n: number }>("select count(*)::int as n from account_invitations where email = $1", [
      email,
    ])
  )[0]!.n;

describe("re-confirmation", () => {
  it("asks for the password again after 10 minutes, changes nothing until given, then lasts 10 minutes", async () => {
    const ana = await signedInOwner(db, handle, "confirm-acme", "ana@confirm.example");
    await ana.client.get("/console/team");
    // Just signed in: no question.
    expect((await ana.client.post("/console/team/invite", { email: "a@confirm.example" })).status).toBe(303);
    expect(await invitations("a@confirm.example")).toBe(1);

    now += 10 * MINUTE + 1000;
    const asked = await ana.client.post(
      "/console/team/invite",
      { email: "b@confirm.example" },
      { headers: referer },
    );
    expect(asked.headers.get("location")).toBe("/console/confirm?next=%2Fconsole%2Fteam");
    expect(await invitations("b@confirm.example")).toBe(0);
    // Token creation, too, and pages that change nothing never ask.
    await ana.client.get("/console/integrations");
    const token = await ana.client.post("/console/integrations/tokens", { name: "Site" });
    expect(token.headers.get("location")).toMatch(/^\/console\/confirm\?next=/);
    expect((await db.query("select 1 from channel_tokens where name = 'Site'")).length).toBe(0);
    expect((await ana.client.get("/console/team")).status).toBe(200);

    const page = await ana.client.follow(asked);
    expect(page.status).toBe(200);
    expect(ana.client.html).toContain("Confirm it is you");
    const wrong = await ana.client.post("/console/confirm", {
      password: "not-the-password",
      next: "/console/team",
    });
    expect(wrong.status).toBe(401);
    expect(
      (await ana.client.post("/console/team/invite", { email: "b@confirm.example" })).headers.get("location"),
    ).toMatch(/^\/console\/confirm/);
    const right = await ana.client.post("/console/confirm", {
      password: OWNER_PASSWORD,
      next: "/console/team",
    });
    expect(right.headers.get("location")).toBe("/console/team");
    await ana.client.follow(right);
    expect((await ana.client.post("/console/team/invite", { email: "b@confirm.example" })).status).toBe(303);
    expect(await invitations("b@confirm.example")).toBe(1);

    now += 9 * MINUTE;
    expect((await ana.client.post("/console/team/invite", { email: "c@confirm.example" })).status).toBe(303);
    expect(await invitations("c@confirm.example")).toBe(1);
    now += 2 * MINUTE;
    const again = await ana.client.post("/console/team/invite", { email: "d@confirm.example" });
    expect(again.headers.get("location")).toMatch(/^\/console\/confirm/);
    expect(await invitations("d@confirm.example")).toBe(0);
  });

  it("never sends anyone anywhere but a console path of this server afterwards", async () => {
    const bo = await signedInOwner(db, handle, "confirm-globex", "bo@confirm.example");
    await bo.client.get("/console/confirm?next=//evil.example");
    const back = await bo.client.post("/console/confirm", {
      password: OWNER_PASSWORD,
      next: "https://evil.example/",
    });
    expect(back.headers.get("location")).toBe("/console");
    const offsite = await bo.client.post(
      "/console/team/invite",
      { email: "x@confirm.example" },
      { headers: { referer: "https://evil.example/console/team" } },
    );
    // Confirmed just now: the invite goes through; the referer of another origin never becomes a destination.
    expect(offsite.status).toBe(303);
    now += 11 * MINUTE;
    const stale = await bo.client.post(
      "/console/team/invite",
      { email: "y@confirm.example" },
      { headers: { referer: "https://evil.example/console/team" } },
    );
    expect(stale.headers.get("location")).toBe("/console/confirm?next=%2Fconsole");
  });
});
