// Sessions an owner can see and end, through real HTTP handling on PGlite: the list, "sign out" of one and
// "everywhere else", at most 20 per owner, and the idle limits (30 minutes; 12 hours with "keep me signed in").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../app.ts";
import { SESSIONS_PER_OWNER } from "../../core/accounts/session-store.ts";
import type { Database } from "../../db/database.ts";
import { migrate } from "../../db/migrate.ts";
import { consoleClient, OWNER_PASSWORD, signedInOwner } from "../../testing/console-client.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";

let db: Database;
let app: App;
const handle = (request: Request) => app.handle(request);

beforeAll(async () => {
  db = await createMemoryDatabase();
  await migrate(db);
  app = createApp({ db });
});
afterAll(() => db.close());

async function signIn(email: string, browser: string, keep = false) {
  const client = consoleClient(handle, "http://localhost", { "user-agent": browser });
  await client.get("/console/sign-in");
  const response = await client.post("/console/sign-in", {
    email,
    password: OWNER_PASSWORD,
    ...(keep ? { keep: "yes" } : {}),
  });
  expect(response.status).toBe(303);
  await client.get("/console/sessions");
  return { client, response };
}

const sessionsOf = async (email: string) =>
  (
    await db.query<{ n: number }>(
      "select count(*)::int as n from owner_sessions s join owners o on o.id = s.owner_id where o.email = $1",
      [email],
    )
  )[0]!.n;

describe("the Sessions page", () => {
  it("lists the owner's sessions, ends one, then every other; another owner's handle is 404", async () => {
    await signedInOwner(db, handle, "sessions-acme", "ana@sessions.example");
    const firefox = await signIn("ana@sessions.example", "Firefox <b>hostile</b>");
    const chrome = await signIn("ana@sessions.example", "Chrome");
    await chrome.client.get("/console/sessions");
    expect(chrome.client.html).toContain("Firefox &lt;b&gt;hostile&lt;/b&gt;");
    expect(chrome.client.html).toContain("(This browser)");
    const firefoxHandle = /<tr data-session="([0-9a-f]{16})"><th scope="row"><span>Firefox/.exec(
      chrome.client.html,
    )?.[1];
    expect(firefoxHandle).toBeTruthy();

    const bo = await signedInOwner(db, handle, "sessions-globex", "bo@sessions.example");
    await bo.client.get("/console/sessions");
    expect((await bo.client.post(`/console/sessions/${firefoxHandle}/end`, {})).status).toBe(404);

    expect((await chrome.client.post(`/console/sessions/${firefoxHandle}/end`, {})).status).toBe(303);
    expect((await firefox.client.get("/console/team")).headers.get("location")).toMatch(
      /^\/console\/sign-in/,
    );

    await chrome.client.get("/console/sessions");
    const others = await chrome.client.post("/console/sessions/end-others", {});
    expect(others.headers.get("location")).toMatch(/^\/console\/sessions\?done=others&count=[1-9]/);
    expect(await sessionsOf("ana@sessions.example")).toBe(1);
    expect((await chrome.client.get("/console/team")).status).toBe(200);
  });

  it(`keeps at most ${SESSIONS_PER_OWNER} sessions per owner: the least recently used end`, async () => {
    await signedInOwner(db, handle, "cap-sessions", "cy@sessions.example");
    const first = await signIn("cy@sessions.example", "first");
    for (let i = 0; i < SESSIONS_PER_OWNER; i++) await signIn("cy@sessions.example", `browser ${i}`);
    expect(await sessionsOf("cy@sessions.example")).toBe(SESSIONS_PER_OWNER);
    expect((await first.client.get("/console/team")).status).toBe(303);
  });
});

describe("idle limits", () => {
  const age = (email: string, minutes: number) =>
    db.query(
      `update owner_sessions set last_seen_at = now() - make_interval(mins => $2)
       where owner_id = (select id from owners where email = $1)`,
      [email, minutes],
    );

  it("ends a session after 30 idle minutes, a kept one after 12 hours; only a kept one outlives the browser", async () => {
    await signedInOwner(db, handle, "idle-acme", "di@sessions.example");
    const brief = await signIn("di@sessions.example", "brief");
    expect(brief.response.headers.getSetCookie().find((line) => line.startsWith("stl_session="))).not.toMatch(
      /Max-Age/,
    );
    await age("di@sessions.example", 31);
    expect((await brief.client.get("/console/team")).status).toBe(303);

    const kept = await signIn("di@sessions.example", "kept", true);
    expect(kept.response.headers.getSetCookie().find((line) => line.startsWith("stl_session="))).toMatch(
      /Max-Age=2592000/,
    );
    await age("di@sessions.example", 31);
    expect((await kept.client.get("/console/team")).status).toBe(200);
    await age("di@sessions.example", 12 * 60 + 1);
    expect((await kept.client.get("/console/team")).status).toBe(303);
  });
});
