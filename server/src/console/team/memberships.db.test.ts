// Memberships, not global flags, through real HTTP handling on PGlite: invitations are pending rows of one account,
// bound only when the invitee sets a password or signs in; removal ends one membership, never the person. The burn
// and squat attacks of one account against a stranger's address fail; the answer to an invite is uniform.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../app.ts";
import { PENDING_INVITATIONS_PER_ACCOUNT } from "../../core/accounts/invitations.ts";
import { existingOwnerSignIn } from "../../core/accounts/owner-access.ts";
import type { Database } from "../../db/database.ts";
import { migrate } from "../../db/migrate.ts";
import {
  type ConsoleClient,
  consoleClient,
  OWNER_PASSWORD,
  signedInOwner,
  signInWithLink,
} from "../../testing/console-client.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";

let db: Database;
let app: App;
const handle = (request: Request) => app.handle(request);
const VICTIM_PASSWORD = "copper-willow-58";

beforeAll(async () => {
  db = await createMemoryDatabase();
  await migrate(db);
  app = createApp({ db });
});
afterAll(() => db.close());

/** Invites `email` from the Team page; the link the page shows once, and the page's main text around it. */
async function invite(owner: ConsoleClient, email: string) {
  await owner.get("/console/team");
  const posted = await owner.post("/console/team/invite", { email });
  expect(posted.status, email).toBe(303);
  await owner.follow(posted);
  const link = /id="invite-link"[^>]*>([^<]+)</.exec(owner.html)?.[1]?.trim();
  expect(link, email).toMatch(/\/console\/link\/[A-Za-z0-9_-]{43}$/);
  const answer = /<section class="secret"[\s\S]*?<\/section>/.exec(owner.html)![0].replace(link!, "LINK");
  return { link: link!, answer: answer.replace(email, "EMAIL") };
}

const membershipsOf = async (email: string) =>
  (
    await db.query<{ slug: string }>(
      `select a.slug from account_members m join owners o on o.id = m.owner_id join accounts a on a.id = m.account_id
       where o.email = $1 order by a.slug`,
      [email],
    )
  ).map((row) => row.slug);

/** Opens a link and sets `password` through the set-password form, as a new browser. */
async function setPasswordThrough(link: string, password: string) {
  const client = consoleClient(handle);
  const page = await client.get(new URL(link).pathname);
  const posted = await client.post("/console/link", {
    link: link.split("/").pop()!,
    password,
    confirm: password,
  });
  return { client, page, posted };
}

async function signIn(email: string, password: string) {
  const client = consoleClient(handle);
  await client.get("/console/sign-in");
  const posted = await client.post("/console/sign-in", { email, password });
  return { client, posted };
}

describe("invitations belong to one account", () => {
  it("squat: an attacker's earlier invitation neither blocks the real account's nor binds the address", async () => {
    const mallory = await signedInOwner(db, handle, "squat-evil", "mallory@squat.example");
    const ana = await signedInOwner(db, handle, "squat-acme", "ana@squat.example");
    const bait = await invite(mallory.client, "victim@squat.example");
    expect(await membershipsOf("victim@squat.example")).toEqual([]);
    const real = await invite(ana.client, "victim@squat.example");
    // The same answer whoever invited first.
    expect(real.answer).toBe(bait.answer);

    const victim = await setPasswordThrough(real.link, VICTIM_PASSWORD);
    expect(victim.page.status).toBe(200);
    expect(victim.posted.status).toBe(303);
    expect(await membershipsOf("victim@squat.example")).toEqual(["squat-acme"]);

    // The attacker's link now asks for the victim's password: it can no longer choose one.
    const hijack = await setPasswordThrough(bait.link, "mallory-chosen-77");
    expect(hijack.page.status).toBe(200);
    expect(await hijack.page.clone().text()).toContain('autocomplete="current-password"');
    expect(hijack.posted.status).toBe(401);
    expect(await membershipsOf("victim@squat.example")).toEqual(["squat-acme"]);
    expect((await signIn("victim@squat.example", "mallory-chosen-77")).posted.status).toBe(401);
    expect((await signIn("victim@squat.example", VICTIM_PASSWORD)).posted.status).toBe(303);
  });

  it("burn: removing an owner ends that membership only; other accounts keep them and anyone may invite again", async () => {
    const mallory = await signedInOwner(db, handle, "burn-evil", "mallory@burn.example");
    const ana = await signedInOwner(db, handle, "burn-acme", "ana@burn.example");
    const lured = await invite(mallory.client, "victim@burn.example");
    const victim = await setPasswordThrough(lured.link, VICTIM_PASSWORD);
    expect(victim.posted.status).toBe(303);
    const real = await invite(ana.client, "victim@burn.example");
    // An existing person accepts by signing in with their own password.
    const joined = await setPasswordThrough(real.link, VICTIM_PASSWORD);
    expect(joined.posted.status).toBe(303);
    expect(await membershipsOf("victim@burn.example")).toEqual(["burn-acme", "burn-evil"]);

    const [victimId] = await db.query<{ id: string }>("select id::text as id from owners where email = $1", [
      "victim@burn.example",
    ]);
    await mallory.client.get(`/console/team/${victimId!.id}/remove`);
    const removed = await mallory.client.post(`/console/team/${victimId!.id}/remove`, {});
    expect(removed.status).toBe(303);
    expect(await membershipsOf("victim@burn.example")).toEqual(["burn-acme"]);
    // Still signs in, to the account that kept them.
    const back = await signIn("victim@burn.example", VICTIM_PASSWORD);
    expect(back.posted.status).toBe(303);
    await back.client.get("/console/integrations");
    expect(back.client.html).toContain("account burn-acme");
    // Another account cannot remove them from acme: their id is 404 on its Team page.
    expect((await mallory.client.post(`/console/team/${victimId!.id}/remove`, {})).status).toBe(404);
    // And the account that removed them may invite them again.
    const again = await invite(mallory.client, "victim@burn.example");
    expect((await setPasswordThrough(again.link, VICTIM_PASSWORD)).posted.status).toBe(303);
    expect(await membershipsOf("victim@burn.example")).toEqual(["burn-acme", "burn-evil"]);
  });

  it("two invitations of one new address redeemed at once bind it once: the second must sign in", async () => {
    const one = await signedInOwner(db, handle, "race-one", "ana@race-one.example");
    const two = await signedInOwner(db, handle, "race-two", "bo@race-two.example");
    const a = await invite(one.client, "new@race.example");
    const b = await invite(two.client, "new@race.example");
    const [first, second] = await Promise.all([
      setPasswordThrough(a.link, "first-chosen-pass-1"),
      setPasswordThrough(b.link, "second-chosen-pass-2"),
    ]);
    const statuses = [first.posted.status, second.posted.status].sort();
    expect(statuses).toEqual([303, 409]);
    expect(await membershipsOf("new@race.example")).toHaveLength(1);
  });

  it("answers every invite alike: a member here, an owner elsewhere and a new address", async () => {
    const ana = await signedInOwner(db, handle, "same-acme", "ana@same.example");
    await signedInOwner(db, handle, "same-globex", "bo@same.example");
    const answers = new Set<string>();
    for (const email of ["ana@same.example", "bo@same.example", "nobody@same.example"])
      answers.add((await invite(ana.client, email)).answer);
    expect(answers.size).toBe(1);
  });

  it(`holds at most ${PENDING_INVITATIONS_PER_ACCOUNT} pending invitations per account; withdrawing frees one`, async () => {
    const ana = await signedInOwner(db, handle, "cap-acme", "ana@cap.example");
    for (let i = 0; i < PENDING_INVITATIONS_PER_ACCOUNT; i++) await invite(ana.client, `p${i}@cap.example`);
    const refused = await ana.client.post("/console/team/invite", { email: "one-more@cap.example" });
    expect(refused.status).toBe(422);
    expect(ana.client.html).toContain("20 pending invitations");
    const [pending] = await db.query<{ id: string }>(
      "select id::text as id from account_invitations where email = 'p0@cap.example' and withdrawn_at is null",
    );
    expect((await ana.client.post(`/console/team/invitations/${pending!.id}/withdraw`, {})).status).toBe(303);
    await invite(ana.client, "one-more@cap.example");
  });
});

describe("an owner of several accounts", () => {
  it("chooses the account after sign-in and can switch; an account they do not own is 404", async () => {
    await signedInOwner(db, handle, "multi-one", "ana@multi.example");
    const bo = await signedInOwner(db, handle, "multi-two", "bo@multi.example");
    await signedInOwner(db, handle, "multi-other", "cy@multi.example");
    const joined = await setPasswordThrough(
      (await invite(bo.client, "ana@multi.example")).link,
      OWNER_PASSWORD,
    );
    expect(joined.posted.status).toBe(303);

    const { client, posted } = await signIn("ana@multi.example", OWNER_PASSWORD);
    expect(posted.headers.get("location")).toBe("/console/accounts?next=%2Fconsole");
    await client.follow(posted);
    expect(client.html).toContain("Choose an account");
    const ids = await db.query<{ id: string; slug: string }>(
      "select id::text as id, slug from accounts where slug like 'multi-%'",
    );
    const idOf = (slug: string) => ids.find((row) => row.slug === slug)!.id;
    const switched = await client.post("/console/accounts/switch", {
      account: idOf("multi-two"),
      next: "/console/team",
    });
    expect(switched.headers.get("location")).toBe("/console/team");
    await client.follow(switched);
    expect(client.html).toContain("account multi-two");
    expect(client.html).toContain("bo@multi.example");
    expect(client.html).toContain('href="/console/accounts"');
    expect((await client.post("/console/accounts/switch", { account: idOf("multi-other") })).status).toBe(
      404,
    );
    await client.get("/console/team");
    expect(client.html).toContain("account multi-two");
  });
});

describe("sign-in links", () => {
  it("an older link is refused once a newer one was used", async () => {
    await signedInOwner(db, handle, "links-acme", "ana@links.example");
    const older = await existingOwnerSignIn(db, "ana@links.example", "http://localhost");
    const newer = await existingOwnerSignIn(db, "ana@links.example", "http://localhost");
    await signInWithLink(handle, newer!.link);
    expect((await consoleClient(handle).get(new URL(older!.link).pathname)).status).toBe(410);
  });

  it("a reset link lasts 60 minutes, an invitation 7 days", async () => {
    const ana = await signedInOwner(db, handle, "life-acme", "ana@life.example");
    await existingOwnerSignIn(db, "ana@life.example", "http://localhost");
    await invite(ana.client, "new@life.example");
    const [reset] = await db.query<{ seconds: number }>(
      `select extract(epoch from l.expires_at - l.created_at)::int as seconds from sign_in_links l
       join owners o on o.id = l.owner_id where o.email = 'ana@life.example' and l.kind = 'reset'`,
    );
    const [invitation] = await db.query<{ seconds: number }>(
      "select extract(epoch from expires_at - created_at)::int as seconds from account_invitations where email = 'new@life.example'",
    );
    expect([reset?.seconds, invitation?.seconds]).toEqual([3600, 7 * 24 * 3600]);
  });
});
