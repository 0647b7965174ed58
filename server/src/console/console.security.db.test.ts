// Security of the console through real HTTP handling on a real (embedded) PostgreSQL: account isolation, CSRF,
// password guessing, cookie flags, single-use links, sign-out, headers, escaping and bad input.
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../app.ts";
import { createOwnerSignIn } from "../core/accounts/owner-access.ts";
import type { Database } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";
import { consoleClient, OWNER_PASSWORD, signedInOwner } from "../testing/console-client.ts";
import { createMemoryDatabase } from "../testing/fresh-pglite.ts";

let db: Database;
let app: App;
/** With TRUST_PROXY, so each test can be its own client address (X-Forwarded-For) for the sign-in throttle. */
let proxied: App;
const handle = (request: Request) => app.handle(request);
const handleProxied = (request: Request) => proxied.handle(request);

beforeAll(async () => {
  db = await createMemoryDatabase();
  await migrate(db);
  app = createApp({ db });
  proxied = createApp({ db, trustProxy: true });
});
afterAll(() => db.close());

/** Elements matching a CSS selector in an HTML document, counted by a real HTML parser (HTMLRewriter). */
async function countElements(html: string, selector: string): Promise<number> {
  let count = 0;
  await new HTMLRewriter()
    .on(selector, {
      element() {
        count++;
      },
    })
    .transform(new Response(html))
    .text();
  return count;
}

const tokenRow = async (id: string) =>
  (
    await db.query<{ name: string; revoked_at: Date | null; expires_at: Date | null }>(
      "select name, revoked_at, expires_at from channel_tokens where id = $1",
      [id],
    )
  )[0];

/** Creates a token through the page and returns its id (from the table's row) and its secret. */
async function createToken(client: ReturnType<typeof consoleClient>, name: string) {
  const created = await client.post("/console/integrations/tokens", { name });
  // POST-redirect-GET: the page the redirect opens shows the secret, once.
  expect(created.status).toBe(303);
  await client.get(created.headers.get("location")!);
  const secret = /id="new-secret">(stl_ch_[^<]+)</.exec(client.html)![1]!;
  const [row] = await db.query<{ id: string }>(
    "select id from channel_tokens where token_hint = $1 and name = $2",
    [secret.slice(-4), name],
  );
  return { id: row!.id, secret };
}

describe("account isolation", () => {
  it("another account's owner can neither see, rename, roll nor revoke a token: 404 everywhere", async () => {
    const ana = await signedInOwner(db, handle, "iso-acme", "ana@iso.example");
    const bob = await signedInOwner(db, handle, "iso-globex", "bob@iso.example");
    const { id } = await createToken(ana.client, "Acme website");

    const list = await (await bob.client.get("/console/integrations")).text();
    expect(list).not.toContain("Acme website");
    expect(list).not.toContain(id);
    for (const action of ["rename", "roll", "revoke"]) {
      const page = await bob.client.get(`/console/integrations/tokens/${id}/${action}`);
      expect(page.status, action).toBe(404);
      expect(await page.text()).not.toContain("Acme website");
    }
    const posts = [
      await bob.client.post(`/console/integrations/tokens/${id}/rename`, { name: "stolen" }),
      await bob.client.post(`/console/integrations/tokens/${id}/roll`, { expiry: "now" }),
      await bob.client.post(`/console/integrations/tokens/${id}/revoke`, {}),
    ];
    expect(posts.map((r) => r.status)).toEqual([404, 404, 404]);
    expect(await tokenRow(id)).toEqual({ name: "Acme website", revoked_at: null, expires_at: null });
    const [{ n }] = (await db.query<{ n: number }>(
      "select count(*)::int as n from channel_tokens where account_id = $1",
      [ana.accountId],
    )) as [{ n: number }];
    expect(n).toBe(1);

    // Malformed ids are not found either (never a 500 from a uuid cast).
    for (const bad of ["not-a-uuid", "%27%20or%201=1--", "00000000-0000-0000-0000-000000000000"])
      expect((await bob.client.get(`/console/integrations/tokens/${bad}/rename`)).status).toBe(404);
  });
});

describe("CSRF", () => {
  it("refuses a form post without the session's token, with another session's token, or from another origin", async () => {
    const ana = await signedInOwner(db, handle, "csrf-acme", "ana@csrf.example");
    const bob = await signedInOwner(db, handle, "csrf-globex", "bob@csrf.example");
    const count = async () =>
      Number(
        (
          await db.query<{ n: number }>(
            "select count(*)::int as n from channel_tokens where account_id = $1",
            [ana.accountId],
          )
        )[0]!.n,
      );
    const without = await ana.client.post("/console/integrations/tokens", { name: "x" }, { csrf: false });
    expect(without.status).toBe(403);
    expect(await without.text()).toContain("This form expired or came from another site.");
    const foreign = await ana.client.post("/console/integrations/tokens", {
      name: "x",
      _csrf: bob.client.csrf!,
    });
    expect(foreign.status).toBe(403);
    for (const origin of ["https://evil.example", "http://localhost.evil.example", "null"]) {
      const crossOrigin = await ana.client.post(
        "/console/integrations/tokens",
        { name: "x" },
        { headers: { origin } },
      );
      expect(crossOrigin.status, origin).toBe(403);
    }
    expect(await count()).toBe(0);
    const sameOrigin = await ana.client.post(
      "/console/integrations/tokens",
      { name: "x" },
      { headers: { origin: "http://localhost" } },
    );
    expect(sameOrigin.status).toBe(303);
    expect(await count()).toBe(1);

    // Sign-out is a form too: without the token the session stays.
    expect((await ana.client.post("/console/sign-out", {}, { csrf: false })).status).toBe(403);
    expect((await ana.client.get("/console/integrations")).status).toBe(200);
  });

  it("guards the sign-in form with the pre-session cookie's token", async () => {
    const client = consoleClient(handle);
    await client.get("/console/sign-in");
    const forged = await client.post(
      "/console/sign-in",
      { email: "a@b.example", password: "x" },
      { csrf: false },
    );
    expect(forged.status).toBe(403);
    const stranger = consoleClient(handle);
    const noCookie = await stranger.post("/console/sign-in", {
      email: "a@b.example",
      password: "x",
      _csrf: client.csrf!,
    });
    expect(noCookie.status).toBe(403);
  });
});

describe("password guessing", () => {
  const signInAttempt = async (client: ReturnType<typeof consoleClient>, email: string, password: string) => {
    await client.get("/console/sign-in");
    const response = await client.post("/console/sign-in", { email, password });
    const error = /id="sign-in-error">([^<]*)</.exec(client.html)?.[1];
    return { status: response.status, error };
  };

  it("refuses wrong passwords, then every attempt after 5 checks for a growing time, without telling whether the email exists", async () => {
    await signedInOwner(db, handle, "guess-acme", "ana@guess.example");
    const client = consoleClient(handleProxied, "http://localhost", { "x-forwarded-for": "203.0.113.7" });
    const wrong = { status: 401, error: "The email or the password is wrong." };
    expect(await signInAttempt(client, "nobody@guess.example", "wrong password 1")).toEqual(wrong);
    for (let i = 0; i < 5; i++)
      expect(await signInAttempt(client, "ana@guess.example", `wrong password ${i}`)).toEqual(wrong);
    // Locked now: even the right password is refused.
    expect(await signInAttempt(client, "ana@guess.example", OWNER_PASSWORD)).toEqual({
      status: 429,
      error: "Too many wrong attempts. Try again in 1 min.",
    });
    const lockSeconds = async () =>
      Number(
        (
          await db.query<{ s: number }>(
            "select extract(epoch from locked_until - now())::float8 as s from sign_in_attempts where key = $1",
            ["email:ana@guess.example"],
          )
        )[0]!.s,
      );
    expect(await lockSeconds()).toBeGreaterThan(25);
    expect(await lockSeconds()).toBeLessThanOrEqual(30);
    // When the lock has passed (moved into the past here), 5 more checks, and the next lock is twice as long.
    await db.query("update sign_in_attempts set locked_until = now() - interval '1 second' where key = $1", [
      "email:ana@guess.example",
    ]);
    for (let i = 0; i < 5; i++)
      expect(await signInAttempt(client, "ana@guess.example", `wrong again ${i}`)).toEqual(wrong);
    expect(await lockSeconds()).toBeGreaterThan(55);
    expect((await signInAttempt(client, "ana@guess.example", OWNER_PASSWORD)).status).toBe(429);
    // The unknown email is locked after 5 failures too: the answer never tells them apart.
    for (let i = 0; i < 4; i++) await signInAttempt(client, "nobody@guess.example", "wrong");
    expect((await signInAttempt(client, "nobody@guess.example", "wrong")).status).toBe(429);

    // Another client address is not locked for another email.
    const elsewhere = consoleClient(handleProxied, "http://localhost", { "x-forwarded-for": "198.51.100.9" });
    await signedInOwner(db, handle, "guess-acme", "eve@guess.example");
    expect((await signInAttempt(elsewhere, "eve@guess.example", OWNER_PASSWORD)).status).toBe(303);
  });

  it("locks a client address after 20 wrong passwords, whatever the emails", async () => {
    const client = consoleClient(handleProxied, "http://localhost", { "x-forwarded-for": "192.0.2.44" });
    for (let i = 0; i < 20; i++) await signInAttempt(client, `spray${i}@guess.example`, "wrong");
    expect((await signInAttempt(client, "fresh@guess.example", "wrong")).status).toBe(429);
  });
});

describe("sessions and links", () => {
  it("sets the session cookie HttpOnly, SameSite=Lax, Secure only over HTTPS as TRUST_PROXY allows", async () => {
    const cookieOf = async (
      target: (request: Request) => Promise<Response>,
      headers: Record<string, string>,
    ) => {
      const { link } = await createOwnerSignIn(
        db,
        "cookie-acme",
        `c${Math.random()}@cookie.example`,
        "http://x",
      );
      const client = consoleClient(target, "http://localhost", headers);
      await client.get(new URL(link).pathname);
      const response = await client.post("/console/link", {
        link: link.split("/").pop()!,
        password: OWNER_PASSWORD,
        confirm: OWNER_PASSWORD,
      });
      return response.headers.getSetCookie().find((line) => /^(__Host-)?stl_session=/.test(line))!;
    };
    const plain = await cookieOf(handle, {});
    expect(plain).toMatch(/; HttpOnly/);
    expect(plain).toMatch(/; SameSite=Lax/);
    expect(plain).not.toMatch(/Secure/);
    expect(plain).toMatch(/^stl_session=[A-Za-z0-9_-]{43};/);
    // Over HTTPS the name carries the __Host- prefix: Secure, Path=/, no Domain (a sibling subdomain cannot shadow it).
    expect(await cookieOf(handleProxied, { "x-forwarded-proto": "https" })).toMatch(
      /^__Host-stl_session=.*; Secure/,
    );
    // Without TRUST_PROXY the header is anyone's to send: ignored.
    expect(await cookieOf(handle, { "x-forwarded-proto": "https" })).not.toMatch(/Secure/);
  });

  it("stores only the hash of session ids and link secrets", async () => {
    const ana = await signedInOwner(db, handle, "hash-acme", "ana@hash.example");
    const session = ana.client.cookies.get("stl_session")!;
    const secret = ana.link.split("/").pop()!;
    const dump =
      JSON.stringify(await db.query("select * from owner_sessions")) +
      JSON.stringify(await db.query("select * from sign_in_links"));
    expect(dump).not.toContain(session);
    expect(dump).not.toContain(secret);
  });

  it("a sign-in link works once, and not after 24 hours", async () => {
    const { link } = await createOwnerSignIn(db, "once-acme", "ana@once.example", "http://localhost");
    const path = new URL(link).pathname;
    const first = consoleClient(handle);
    await first.get(path);
    const form = { link: link.split("/").pop()!, password: OWNER_PASSWORD, confirm: OWNER_PASSWORD };
    expect((await first.post("/console/link", form)).status).toBe(303);
    const second = consoleClient(handle);
    expect((await second.get(path)).status).toBe(410);
    expect((await second.post("/console/link", form, { csrf: false })).status).toBe(403);
    await second.get("/console/sign-in");
    expect((await second.post("/console/link", form)).status).toBe(410);

    const { link: late } = await createOwnerSignIn(db, "once-acme", "ana@once.example", "http://localhost");
    await db.query("update sign_in_links set expires_at = now() - interval '1 second' where used_at is null");
    expect((await consoleClient(handle).get(new URL(late).pathname)).status).toBe(410);
  });

  it("refuses weak passwords on the link page with the message beside the field, in Spanish too", async () => {
    const { link } = await createOwnerSignIn(db, "weak-acme", "ana@weak.example", "http://localhost");
    const client = consoleClient(handle, "http://localhost", { "accept-language": "es" });
    await client.get(new URL(link).pathname);
    const secret = link.split("/").pop()!;
    const short = await client.post("/console/link", { link: secret, password: "short", confirm: "short" });
    expect(short.status).toBe(422);
    expect(client.html).toContain('id="password-error">Use al menos 12 caracteres.<');
    await client.post("/console/link", { link: secret, password: "qwerty123456", confirm: "qwerty123456" });
    expect(client.html).toContain('id="password-error">Esta contraseña es demasiado común. Elija otra.<');
    await client.post("/console/link", { link: secret, password: OWNER_PASSWORD, confirm: "different one!" });
    expect(client.html).toContain('id="confirm-error">Las dos contraseñas no coinciden.<');
    // The link is still usable after refusals.
    expect(
      (
        await client.post("/console/link", {
          link: secret,
          password: OWNER_PASSWORD,
          confirm: OWNER_PASSWORD,
        })
      ).status,
    ).toBe(303);
  });

  it("sign-out ends the session on the server: the old cookie is refused afterwards", async () => {
    const ana = await signedInOwner(db, handle, "out-acme", "ana@out.example");
    const cookie = ana.client.cookies.get("stl_session")!;
    const out = await ana.client.post("/console/sign-out", {});
    expect([out.status, out.headers.get("location")]).toEqual([303, "/console/sign-in?signed-out=1"]);
    expect(out.headers.getSetCookie().some((line) => /^stl_session=;.*Max-Age=0/.test(line))).toBe(true);
    const replay = await app.handle(
      new Request("http://localhost/console/integrations", { headers: { cookie: `stl_session=${cookie}` } }),
    );
    expect([replay.status, replay.headers.get("location")]).toEqual([
      303,
      "/console/sign-in?next=%2Fconsole%2Fintegrations",
    ]);
  });

  it("ends sessions that idled too long or passed their absolute expiry", async () => {
    const idle = await signedInOwner(db, handle, "exp-acme", "idle@exp.example");
    const old = await signedInOwner(db, handle, "exp-acme", "old@exp.example");
    await db.query(
      "update owner_sessions set last_seen_at = now() - interval '3 hours' where owner_id = (select id from owners where email = $1)",
      ["idle@exp.example"],
    );
    await db.query(
      "update owner_sessions set expires_at = now() - interval '1 second' where owner_id = (select id from owners where email = $1)",
      ["old@exp.example"],
    );
    expect((await idle.client.get("/console/integrations")).status).toBe(303);
    expect((await old.client.get("/console/integrations")).status).toBe(303);
  });
});

describe("pages", () => {
  it("carry a strict CSP and the other security headers, with no inline script or style", async () => {
    const ana = await signedInOwner(db, handle, "hdr-acme", "ana@hdr.example");
    await createToken(ana.client, "Headers");
    for (const path of ["/console/sign-in", "/console/integrations"]) {
      const response = await (path.endsWith("sign-in") ? consoleClient(handle) : ana.client).get(path);
      const csp = response.headers.get("content-security-policy")!;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("unsafe-inline");
      expect(response.headers.get("referrer-policy")).toBe("same-origin");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("cache-control")).toBe("no-store");
      const html = await response.text();
      expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
      expect(html).not.toMatch(/\son[a-z]+=/i);
      expect(html).not.toMatch(/\sstyle=/i);
    }
  });

  it("render hostile token names and emails as text", async () => {
    const ana = await signedInOwner(db, handle, "xss-acme", "ana@xss.example");
    const payload = `<img src=x onerror=alert(1)>"'><script>alert(2)</script>`;
    await createToken(ana.client, payload);
    const html = await (await ana.client.get("/console/integrations")).text();
    // Parsed as a browser would: the payload made no element and no handler; it is the row's text.
    expect(await countElements(html, "script[src]")).toBe(2);
    expect(await countElements(html, "img")).toBe(0);
    expect(await countElements(html, "script:not([src])")).toBe(0);
    expect(await countElements(html, "[onerror]")).toBe(0);
    expect(html).toContain(
      '<th scope="row">&lt;img src=x onerror=alert(1)&gt;&quot;&#x27;&gt;&lt;script&gt;',
    );
  });

  it("answer bad input beside the field in the page's language, never with a 500", async () => {
    const ana = await signedInOwner(db, handle, "bad-acme", "ana@bad.example");
    const { id } = await createToken(ana.client, "Bad input");
    const empty = await ana.client.post(`/console/integrations/tokens/${id}/rename`, { name: "   " });
    expect(empty.status).toBe(422);
    expect(ana.client.html).toContain('id="token-name-error">Give the token a name.<');
    const spanish = await ana.client.post(
      `/console/integrations/tokens/${id}/rename`,
      { name: "y".repeat(101) },
      { headers: { "accept-language": "es" } },
    );
    expect(spanish.status).toBe(422);
    expect(ana.client.html).toContain('id="token-name-error">Use como máximo 100 caracteres.<');
    const expiry = await ana.client.post(`/console/integrations/tokens/${id}/roll`, { expiry: "forever" });
    expect(expiry.status).toBe(422);
    expect(ana.client.html).toContain('id="expiry-error">Choose when the old token stops working.<');
    // Not a form at all: no CSRF token can be read from it, so 403, never 500.
    const json = await ana.client.post(
      "/console/integrations/tokens",
      {},
      { headers: { "content-type": "application/json" } },
    );
    expect(json.status).toBe(403);
    const signIn = consoleClient(handle);
    await signIn.get("/console/sign-in");
    const badEmail = await signIn.post("/console/sign-in", { email: "not an email", password: "" });
    expect(badEmail.status).toBe(422);
    expect(signIn.html).toContain('id="email-error">Enter an email address such as ana@example.com.<');
    expect(signIn.html).toContain('id="password-error">Required.<');
    expect(await tokenRow(id)).toMatchObject({ name: "Bad input", expires_at: null });
  });

  it("serve their assets from the server itself, versioned, compressed, cached for a year; nothing else from disk", async () => {
    const asset = (path: string, encoding?: string) =>
      app.handle(
        new Request(`http://localhost${path}`, { headers: encoding ? { "accept-encoding": encoding } : {} }),
      );
    const page = await (await app.handle(new Request("http://localhost/console/sign-in"))).text();
    const paths = [...page.matchAll(/(?:href|src)="(\/console\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(paths.map((path) => path.replace(/\.[0-9a-f]{10}\./, "."))).toEqual([
      "/console/assets/console.css",
      "/console/assets/htmx.min.js",
      "/console/assets/console.js",
    ]);
    for (const path of paths) {
      const plain = await asset(path);
      expect(plain.status).toBe(200);
      expect(plain.headers.get("content-type")).toMatch(/^text\/(css|javascript); charset=utf-8$/);
      expect(plain.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(plain.headers.get("vary")).toBe("Accept-Encoding");
      expect(plain.headers.get("content-encoding")).toBeNull();
      const text = await plain.text();
      expect(text.length).toBeGreaterThan(100);
      const br = await asset(path, "gzip, deflate, br");
      expect(br.headers.get("content-encoding")).toBe("br");
      const brBytes = new Uint8Array(await br.arrayBuffer());
      expect(brBytes.length).toBeLessThan(text.length);
      expect(brotliDecompressSync(brBytes).toString("utf8")).toBe(text);
      const gzip = await asset(path, "gzip");
      expect(gzip.headers.get("content-encoding")).toBe("gzip");
      expect(Bun.gunzipSync(new Uint8Array(await gzip.arrayBuffer())).length).toBe(Buffer.byteLength(text));
    }
    for (const name of ["..%2F..%2Fpackage.json", "constructor", "__proto__", "console.ts", "console.css"])
      expect((await asset(`/console/assets/${name}`)).status, name).toBe(404);
  });
});
