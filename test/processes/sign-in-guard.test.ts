// The owner's way in under hostile traffic, against real server processes on one PostgreSQL: guessing bounded
// across processes and concurrency, client addresses from the TCP peer (clients bound to 127.0.0.x) or the
// trusted proxy's hop, the device cookie and a fresh link from the CLI, argon2 work refused with 429 when busy,
// pre-session bodies, control characters in query values, and phone numbers kept out of the request log.

import { ATTEMPTS_PER_LOCK } from "@speed-to-lead/server/core/accounts/sign-in-throttle";
import {
  type ConsoleClient,
  consoleClient,
  OWNER_PASSWORD,
} from "@speed-to-lead/server/testing/console-client";
import { eventually } from "@speed-to-lead/server/testing/eventually";
import { createDatabase } from "@speed-to-lead/server/testing/postgres-cluster";
import type {} from "@speed-to-lead/tests/harness/global-setup";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ownerSignInLink, startMigratedServers } from "../harness/console-servers.ts";
import { fetchFrom } from "../harness/local-address-fetch.ts";
import { type ServerProcess, startServerProcess, untilReady } from "../harness/server-process.ts";
import { runCli } from "../harness/stl-cli.ts";

const OWNER = "ana@acme.example";
const WRONG = "The email or the password is wrong.";
const BUSY = "The server is checking many passwords right now.";
/** Set from a new browser through `stl owners link` (the third test); the owner's password from then on. */
const NEW_PASSWORD = "harbor-violet-sunrise-7";

let env: { DATABASE_URL: string };
let a: ServerProcess;
let b: ServerProcess;
/** TRUST_PROXY=true and only 2 argon2 checks at once: the proxy rule and the flood. */
let proxied: ServerProcess;
/** The owner's own browser (127.0.0.2): it set the password through the link, so it holds a device cookie. */
let ownBrowser: ConsoleClient;

/** The sign-in page's form, posted; the answer's status, its form error and Retry-After. */
async function signIn(client: ConsoleClient, email: string, password: string) {
  const response = await client.post("/console/sign-in", { email, password });
  const error = /id="sign-in-error">([^<]*)</.exec(client.html)?.[1];
  return { status: response.status, error, retryAfter: response.headers.get("retry-after") };
}

/** A browser at `address` that has read the sign-in page (its pre-session cookie and CSRF token). */
async function browserAt(server: ServerProcess, address: string, headers: Record<string, string> = {}) {
  const client = consoleClient(fetchFrom(address), server.baseUrl, headers);
  expect((await client.get("/console/sign-in")).status).toBe(200);
  return client;
}

/** Opens a sign-in link and sets `password` there, as the owner does: signed in afterwards. */
async function followLink(client: ConsoleClient, link: string, password: string) {
  expect((await client.get(new URL(link).pathname)).status).toBe(200);
  const set = await client.post("/console/link", {
    link: link.split("/").pop()!,
    password,
    confirm: password,
  });
  expect(set.status).toBe(303);
}

/** A server's count of sign-ins with this result, from its GET /metrics. */
async function signIns(server: ServerProcess, result: string): Promise<number> {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`stl_sign_in_attempts_total{result="${result}"}`));
  return line ? Number(line.split(" ").at(-1)) : 0;
}

/** Signs out as the browser does: from a page, with that page's CSRF token. */
async function signOut(client: ConsoleClient) {
  expect((await client.get("/console/integrations")).status).toBe(200);
  expect((await client.post("/console/sign-out", {})).status).toBe(303);
}

/** Posts of one pre-read form at once: each keeps the first page's cookies and token (consoleClient is serial). */
const postAtOnce = (client: ConsoleClient, count: number, form: (i: number) => Record<string, string>) =>
  Promise.all(Array.from({ length: count }, (_, i) => client.post("/console/sign-in", form(i))));

beforeAll(async () => {
  env = { DATABASE_URL: await createDatabase(inject("postgresAdminUrl")) };
  // Enough argon2 slots that only the database's count bounds the checks on a and b.
  // Both sweep every second, so the sweep's test sees two processes at it.
  [a, b] = await startMigratedServers(
    { ...env, PASSWORD_CHECKS_AT_ONCE: "200", EXPIRED_ROWS_SWEEP_SECONDS: "1" },
    2,
  );
  proxied = await startServerProcess({
    env: { ...env, TRUST_PROXY: "true", PASSWORD_CHECKS_AT_ONCE: "2" },
    until: "listening",
  });
  await untilReady(proxied);
  const link = await ownerSignInLink(env, a.baseUrl);
  ownBrowser = consoleClient(fetchFrom("127.0.0.2"), a.baseUrl);
  await followLink(ownBrowser, link, OWNER_PASSWORD);
  expect(ownBrowser.cookies.get("stl_device")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  await signOut(ownBrowser);
}, 120_000);
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop(), proxied?.stop()]);
});

describe("password guessing", () => {
  it("checks at most the allowance of passwords for 100 wrong ones sent at once to two processes", async () => {
    const attacker = await browserAt(a, "127.0.0.3");
    const onB = consoleClient(fetchFrom("127.0.0.3"), b.baseUrl);
    for (const [name, value] of attacker.cookies) onB.cookies.set(name, value);
    onB.csrf = attacker.csrf;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        (i % 2 ? onB : attacker).post("/console/sign-in", { email: OWNER, password: `guess ${i}` }),
      ),
    );
    const statuses = answers.map((response) => response.status);
    // Counted by the servers themselves: passwords checked (and found wrong) in both processes together.
    const checked = (await signIns(a, "wrong")) + (await signIns(b, "wrong"));
    expect(checked).toBe(ATTEMPTS_PER_LOCK.email);
    expect((await signIns(a, "throttled")) + (await signIns(b, "throttled"))).toBe(
      100 - ATTEMPTS_PER_LOCK.email,
    );
    // 401 is a password checked and found wrong; 429 an attempt refused before any check.
    expect(statuses.filter((status) => status === 401)).toHaveLength(ATTEMPTS_PER_LOCK.email);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - ATTEMPTS_PER_LOCK.email);
    const waits = answers.filter((r) => r.status === 429).map((r) => Number(r.headers.get("retry-after")));
    expect(waits.every((seconds) => seconds >= 1 && seconds <= 30)).toBe(true);
    // Locked for unknown browsers, the right password included.
    expect((await signIn(attacker, OWNER, OWNER_PASSWORD)).status).toBe(429);
  });

  it("lets the owner's own browser in on its device cookie while the email is locked for others", async () => {
    await ownBrowser.get("/console/sign-in");
    expect((await signIn(ownBrowser, OWNER, OWNER_PASSWORD)).status).toBe(303);
    await signOut(ownBrowser);
  });

  it("lets the owner in from a new browser with a fresh link from `stl owners link`", async () => {
    const newBrowser = await browserAt(b, "127.0.0.4");
    expect((await signIn(newBrowser, OWNER, OWNER_PASSWORD)).status).toBe(429);
    const fresh = await runCli(["owners", "link", "--email", OWNER, "--json"], {
      ...env,
      PUBLIC_URL: b.baseUrl,
    });
    expect(fresh.exitCode, fresh.stderr).toBe(0);
    const link: string = JSON.parse(fresh.stdout).sign_in_link;
    await followLink(newBrowser, link, NEW_PASSWORD);
    // From now on this browser is known too: its own allowance, though the email is still locked.
    await signOut(newBrowser);
    await newBrowser.get("/console/sign-in");
    expect((await signIn(newBrowser, OWNER, NEW_PASSWORD)).status).toBe(303);
    // The link was single-use.
    expect((await newBrowser.get(new URL(link).pathname)).status).toBe(410);
  });
});

describe("client addresses", () => {
  it("keys the console by the TCP peer, as the API does: one address locked, another not", async () => {
    const sprayer = await browserAt(a, "127.0.0.5");
    const sprayed = await postAtOnce(sprayer, ATTEMPTS_PER_LOCK.address, (i) => ({
      email: `spray${i}@peer.example`,
      password: "wrong",
    }));
    expect(sprayed.map((r) => r.status)).toEqual(Array(ATTEMPTS_PER_LOCK.address).fill(401));
    expect((await signIn(sprayer, "fresh@peer.example", "wrong")).status).toBe(429);
    // Another client address, even one claiming the locked one in X-Forwarded-For (no TRUST_PROXY here).
    const other = await browserAt(b, "127.0.0.6", { "x-forwarded-for": "127.0.0.5" });
    expect(await signIn(other, "fresh@peer.example", "wrong")).toMatchObject({ status: 401, error: WRONG });
  });

  it("behind TRUST_PROXY takes the hop the proxy added, never the left-most entry", async () => {
    const viaProxy = (forwarded: string) => browserAt(proxied, "127.0.0.7", { "x-forwarded-for": forwarded });
    const sprayer = await viaProxy("10.9.9.9, 198.51.100.20");
    for (let i = 0; i < ATTEMPTS_PER_LOCK.address; i++)
      expect((await signIn(sprayer, `hop${i}@proxy.example`, "wrong")).status).toBe(401);
    // A new left-most entry changes nothing: the proxy's hop is still the locked address.
    const spoofing = await viaProxy("203.0.113.1, 198.51.100.20");
    expect((await signIn(spoofing, "other@proxy.example", "wrong")).status).toBe(429);
    // Another hop is another client.
    const elsewhere = await viaProxy("10.9.9.9, 198.51.100.20, 198.51.100.21");
    expect((await signIn(elsewhere, "other@proxy.example", "wrong")).status).toBe(401);
  });
});

describe("argon2 work", () => {
  it("refuses a flood past 2 checks at once with 429 and Retry-After; the owner's known browser gets in amid it and after", async () => {
    const flood = await browserAt(proxied, "127.0.0.8", { "x-forwarded-for": "192.0.2.77" });
    const owner = consoleClient(fetchFrom("127.0.0.9"), proxied.baseUrl, { "x-forwarded-for": "192.0.2.78" });
    for (const [name, value] of ownBrowser.cookies) owner.cookies.set(name, value);
    await owner.get("/console/sign-in");
    const quiet = performance.now();
    expect((await signIn(owner, OWNER, NEW_PASSWORD)).status).toBe(303);
    const quietMs = performance.now() - quiet;
    await signOut(owner);
    await owner.get("/console/sign-in");
    const started = performance.now();
    const flooding = postAtOnce(flood, 100, (i) => ({ email: `flood${i}@flood.example`, password: "x" }));
    // Amid the flood, the owner's known browser takes the slot kept for known devices.
    const amid = await signIn(owner, OWNER, NEW_PASSWORD);
    const answers = await flooding;
    const floodMs = performance.now() - started;
    expect(amid.status).toBe(303);
    await signOut(owner);
    await owner.get("/console/sign-in");
    const bodies = await Promise.all(answers.map((r) => r.text()));
    const busy = answers.filter((r, i) => r.status === 429 && bodies[i]!.includes(BUSY));
    expect(await signIns(proxied, "busy")).toBe(busy.length);
    expect(answers.every((r) => r.status === 401 || r.status === 429)).toBe(true);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.every((r) => r.headers.get("retry-after") === "1")).toBe(true);
    // The flood has stopped: the owner's browser signs in at the first try.
    const after = performance.now();
    const signedIn = await signIn(owner, OWNER, NEW_PASSWORD);
    const afterMs = performance.now() - after;
    expect(signedIn.status).toBe(303);
    console.info(
      `flood: ${busy.length}/100 refused busy (429), ${answers.filter((r) => r.status === 401).length} checked, ` +
        `${Math.round(floodMs)} ms for all 100; a sign-in before it: ${Math.round(quietMs)} ms, ` +
        `the first after it: ${Math.round(afterMs)} ms`,
    );
  });
});

describe("bad input before sign-in", () => {
  const post = (server: ServerProcess, path: string, body: BodyInit, headers: Record<string, string>) =>
    fetch(`${server.baseUrl}${path}`, { method: "POST", body, headers, redirect: "manual" });

  it("takes only urlencoded forms of at most 16 KiB on sign-in and set-password, with a page that says why", async () => {
    for (const path of ["/console/sign-in", "/console/link"]) {
      const multipart = new FormData();
      multipart.set("email", OWNER);
      multipart.set("file", new Blob(["x".repeat(100)]), "a.csv");
      const refused = [
        [await post(a, path, multipart, {}), 415, "This form could not be read"],
        [
          await post(a, path, '{"email":"x"}', { "content-type": "application/json" }),
          415,
          "could not be read",
        ],
        [await post(a, path, "email=x", {}), 415, "could not be read"],
        [
          await post(a, path, `email=${"x".repeat(17 * 1024)}`, {
            "content-type": "application/x-www-form-urlencoded",
          }),
          413,
          "This form is too large",
        ],
        // No Content-Length (chunked): counted as it arrives, refused past the limit all the same.
        [
          await post(
            a,
            path,
            new ReadableStream({
              start(controller) {
                for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode("x".repeat(1024)));
                controller.close();
              },
            }),
            { "content-type": "application/x-www-form-urlencoded" },
          ),
          413,
          "too large",
        ],
      ] as const;
      for (const [response, status, text] of refused) {
        expect([path, response.status]).toEqual([path, status]);
        expect(response.headers.get("content-type")).toMatch(/^text\/html/);
        expect(await response.text()).toContain(text);
      }
    }
  });

  it("answers 400, never 500, to control characters in a console query value", async () => {
    for (const query of ["back=%2Fconsole%0D%0ASet-Cookie:%20x=1", "back=%2Fconsole%00", "to=es%0A"]) {
      const response = await fetch(`${a.baseUrl}/console/language?${query}`, { redirect: "manual" });
      expect([query, response.status]).toEqual([query, 400]);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    const page = await fetch(`${a.baseUrl}/console/inbox?q=%0D%0A`, { redirect: "manual" });
    expect(page.status).toBe(400);
  });
});

describe("request logs", () => {
  it("never hold a phone number from a path (the do-not-call remove URL)", async () => {
    const browser = await browserAt(a, "127.0.0.2");
    for (const [name, value] of ownBrowser.cookies)
      if (name === "stl_device") browser.cookies.set(name, value);
    await browser.get("/console/sign-in");
    expect((await signIn(browser, OWNER, NEW_PASSWORD)).status).toBe(303);
    const remove = await browser.get("/console/do-not-call/14155550187/remove");
    expect(remove.status).toBeLessThan(500);
    const line = await a.waitForLine((l) => l.includes('"msg":"request"') && l.includes("/remove"));
    expect(JSON.parse(line).path).toBe("/console/do-not-call/:phone/remove");
    expect(a.lines.join("\n")).not.toContain("4155550187");
  });
});

describe("expired rows", () => {
  it("are swept by the running servers: expired links and sessions go, live ones stay", async () => {
    const sql = new Bun.SQL(env.DATABASE_URL, { max: 1 });
    try {
      const live = await runCli(["owners", "link", "--email", OWNER, "--json"], {
        ...env,
        PUBLIC_URL: a.baseUrl,
      });
      const liveLink: string = JSON.parse(live.stdout).sign_in_link;
      const expired = await runCli(["owners", "link", "--email", OWNER, "--json"], env);
      const expiredSecret = JSON.parse(expired.stdout).sign_in_link.split("/").pop();
      await sql`update sign_in_links set expires_at = now() - interval '1 second'
                where token_hash = ${new Bun.CryptoHasher("sha256").update(expiredSecret).digest("hex")}`;
      await sql`update owner_sessions set expires_at = now() - interval '1 second'`;
      const left = await eventually(
        async () =>
          (
            await sql`select
              (select count(*) from sign_in_links where expires_at <= now())::int as links,
              (select count(*) from owner_sessions where expires_at <= now())::int as sessions`
          )[0],
        (row) => row.links === 0 && row.sessions === 0,
      );
      expect(left).toEqual({ links: 0, sessions: 0 });
      // The live link still works.
      expect((await fetch(liveLink)).status).toBe(200);
    } finally {
      await sql.close();
    }
  });
});
