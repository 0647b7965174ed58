// The second factor through real HTTP handling on PGlite, with a real SMTP server receiving the mails and codes
// computed by the test (node:crypto, not the server's library): set-up from the Account page, the code asked after
// the password (and after a reset link), replay refused, recovery codes used once, the limits on wrong codes,
// re-confirmation with a code, the account's "require a second factor", turning it off, `stl owners reset-2fa`.

import { type SmtpInbox, startSmtpInbox } from "@speed-to-lead/tests/harness/smtp-inbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../app.ts";
import { parseArgs } from "../../cli/args.ts";
import { ownerCommands } from "../../cli/owner-commands.ts";
import { cliTranslator } from "../../cli/text/cli-dictionary.ts";
import { loadConfig } from "../../config.ts";
import { existingOwnerSignIn } from "../../core/accounts/owner-access.ts";
import { RECOVERY_CODE_COUNT } from "../../core/accounts/recovery-codes.ts";
import { CHALLENGE_ATTEMPTS } from "../../core/accounts/second-factor-challenges.ts";
import { smtpMailer } from "../../core/accounts/smtp-mailer.ts";
import { SECOND_FACTOR_FAILURES } from "../../core/accounts/totp-factor.ts";
import type { Database } from "../../db/database.ts";
import { migrate } from "../../db/migrate.ts";
import {
  type ConsoleClient,
  consoleClient,
  OWNER_PASSWORD,
  signedInOwner,
} from "../../testing/console-client.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";
import { recoveryCodesIn, totpCode, totpSecretIn } from "../../testing/totp-code.ts";

let db: Database;
let app: App;
let smtp: SmtpInbox;
/** The console's clock: moved by 30 s to get the next code, by 11 min to age a confirmation. */
let now = Date.parse("2026-11-28T12:00:00Z");
const handle = (request: Request) => app.handle(request);

beforeAll(async () => {
  db = await createMemoryDatabase();
  await migrate(db);
  smtp = await startSmtpInbox();
  const mailer = smtpMailer(smtp.url, "http://localhost", { insecure: true });
  app = createApp({ db, mailer, publicUrl: "http://localhost", clock: () => now });
});
afterAll(async () => {
  await db.close();
  await smtp.close();
});

/** The next 30-second step: a code not used yet. */
const nextStep = () => {
  now += 30_000;
};

const auditOf = async (email: string) =>
  await db.query<{ action: string; target: string | null; actor_email: string | null }>(
    `select action, target, actor_email from audit_events where actor_email = $1 or target = $1 order by at, id`,
    [email],
  );

/** Mail texts to an address, quoted-printable soft line breaks joined. */
const mailsTo = (to: string) =>
  smtp.mails.filter((mail) => mail.to.includes(to)).map((mail) => mail.raw.replace(/=\r?\n/g, ""));
const mailed = (to: string, text: string) =>
  expect.poll(() => mailsTo(to).some((raw) => raw.includes(text)), { timeout: 10_000 }).toBe(true);

/** Sets up the app from the Account page; returns the key and the recovery codes shown. */
async function enrol(client: ConsoleClient) {
  expect((await client.get("/console/account")).status).toBe(200);
  expect(client.html).toContain("<svg");
  const secret = totpSecretIn(client.html)!;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const wrongCode = totpCode(secret, now) === "000000" ? "111111" : "000000";
  const wrong = await client.post("/console/account/second-factor", { code: wrongCode });
  expect(wrong.status).toBe(422);
  const done = await client.post("/console/account/second-factor", { code: totpCode(secret, now) });
  expect(done.status).toBe(200);
  const codes = recoveryCodesIn(client.html);
  expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
  return { secret, codes };
}

/** Signs in with the password; returns the client, now waiting for its code. */
async function passwordStep(email: string) {
  const client = consoleClient(handle);
  await client.get("/console/sign-in");
  const answer = await client.post("/console/sign-in", { email, password: OWNER_PASSWORD });
  expect(answer.status).toBe(303);
  expect(answer.headers.get("location")).toBe("/console/sign-in/code");
  expect([...client.cookies.keys()]).not.toContain("stl_session");
  expect((await client.get("/console/sign-in/code")).status).toBe(200);
  return client;
}

describe("setting up and signing in with an authenticator app", () => {
  it("asks for the code after the password, opens the session with it once, and audits and mails each step", async () => {
    const email = "ana@factor.example";
    const { client } = await signedInOwner(db, handle, "factor-acme", email);
    const { secret } = await enrol(client);
    expect((await client.get("/console/account")).status).toBe(200);
    expect(client.html).toContain(`Recovery codes left: ${RECOVERY_CODE_COUNT}.`);
    const stored = await db.query<{ code_hash: string }>(
      "select code_hash from owner_recovery_codes r join owners o on o.id = r.owner_id where o.email = $1",
      [email],
    );
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    await mailed(email, "second factor (an authenticator app) was set up");

    const browser = await passwordStep(email);
    // Nothing but the code page is open yet.
    expect((await browser.get("/console/team")).headers.get("location")).toMatch(/^\/console\/sign-in/);
    const wrong = await browser.post("/console/sign-in/code", { code: "12345x" });
    expect(wrong.status).toBe(401);
    expect(browser.html).toContain("This code is not right");
    nextStep();
    const code = totpCode(secret, now);
    const signedIn = await browser.post("/console/sign-in/code", { code });
    expect(signedIn.status).toBe(303);
    expect((await browser.get("/console/team")).status).toBe(200);

    // The same code again, in another sign-in within its window: refused (each code works once).
    const replay = await passwordStep(email);
    expect((await replay.post("/console/sign-in/code", { code })).status).toBe(401);
    await mailed(email, "a code of your authenticator app that had already been used");

    const rows = (await auditOf(email)).map((row) => `${row.action} ${row.target}`);
    expect(rows).toEqual(
      expect.arrayContaining([
        `second_factor.enabled ${email}`,
        "sign_in.failed second_factor",
        "sign_in.failed second_factor_replayed",
        "sign_in.succeeded password+totp",
      ]),
    );
  });

  it("takes each recovery code once, and mails the owner when one is used", async () => {
    const email = "bo@factor.example";
    const { client } = await signedInOwner(db, handle, "factor-globex", email);
    const { codes } = await enrol(client);
    const first = await passwordStep(email);
    expect((await first.post("/console/sign-in/code", { code: codes[0]!.toUpperCase() })).status).toBe(303);
    expect((await first.get("/console/account")).status).toBe(200);
    expect(first.html).toContain(`Recovery codes left: ${RECOVERY_CODE_COUNT - 1}.`);
    const again = await passwordStep(email);
    expect((await again.post("/console/sign-in/code", { code: codes[0]! })).status).toBe(401);
    expect((await auditOf(email)).map((row) => row.target)).toContain("password+recovery_code");
    await mailed(email, "with one of your recovery codes");
  });

  it("ends a challenge after a few wrong codes, and locks the factor after repeated ones", async () => {
    const email = "cy@factor.example";
    const { client } = await signedInOwner(db, handle, "factor-initech", email);
    const { secret } = await enrol(client);
    const browser = await passwordStep(email);
    for (let i = 0; i < CHALLENGE_ATTEMPTS; i++)
      expect((await browser.post("/console/sign-in/code", { code: "000000" })).status).toBe(401);
    nextStep();
    const used = await browser.post("/console/sign-in/code", { code: totpCode(secret, now) });
    expect(used.headers.get("location")).toBe("/console/sign-in?code-expired=1");

    const next = await passwordStep(email);
    for (let i = CHALLENGE_ATTEMPTS; i < SECOND_FACTOR_FAILURES; i++)
      await next.post("/console/sign-in/code", { code: "000000" });
    const locked = await passwordStep(email);
    nextStep();
    expect((await locked.post("/console/sign-in/code", { code: totpCode(secret, now) })).status).toBe(429);
    await db.query(
      "update owner_totp set failed_at = now() - interval '16 minutes' where owner_id = (select id from owners where email = $1)",
      [email],
    );
    expect((await locked.post("/console/sign-in/code", { code: totpCode(secret, now) })).status).toBe(303);
  });

  it("asks for the code after a reset link too: the link alone opens no session", async () => {
    const email = "di@factor.example";
    const { client } = await signedInOwner(db, handle, "factor-umbrella", email);
    const { secret } = await enrol(client);
    const reset = await existingOwnerSignIn(db, email, "http://localhost");
    const browser = consoleClient(handle);
    await browser.get(new URL(reset!.link).pathname);
    const set = await browser.post("/console/link", {
      link: reset!.link.split("/").pop()!,
      password: OWNER_PASSWORD,
      confirm: OWNER_PASSWORD,
    });
    expect(set.headers.get("location")).toBe("/console/sign-in/code");
    expect((await browser.get("/console/team")).status).toBe(303);
    nextStep();
    await browser.get("/console/sign-in/code");
    expect((await browser.post("/console/sign-in/code", { code: totpCode(secret, now) })).status).toBe(303);
    expect((await browser.get("/console/team")).status).toBe(200);
  });
});

describe("re-confirmation, the account's requirement, turning it off, the operator's reset", () => {
  it("re-confirms a sensitive change with a code", async () => {
    const email = "ed@factor.example";
    const { client } = await signedInOwner(db, handle, "factor-hooli", email);
    const { secret } = await enrol(client);
    now += 11 * 60_000;
    await client.get("/console/account");
    const asked = await client.post(
      "/console/account/recovery-codes",
      {},
      { headers: { referer: "http://localhost/console/account" } },
    );
    expect(asked.headers.get("location")).toBe("/console/confirm?next=%2Fconsole%2Faccount");
    await client.get("/console/confirm?next=%2Fconsole%2Faccount");
    expect(client.html).toContain("Or confirm with a code");
    expect((await client.post("/console/confirm", { next: "/console/account", code: "000001" })).status).toBe(
      401,
    );
    const confirmed = await client.post("/console/confirm", {
      next: "/console/account",
      code: totpCode(secret, now),
    });
    expect(confirmed.headers.get("location")).toBe("/console/account");
    await client.get("/console/account");
    expect((await client.post("/console/account/recovery-codes", {})).status).toBe(200);
    expect(recoveryCodesIn(client.html)).toHaveLength(RECOVERY_CODE_COUNT);
    expect((await auditOf(email)).map((row) => row.action)).toContain("second_factor.codes_renewed");
  });

  it("sends an owner without a factor to set one up when the account requires it; only an owner with one may require it", async () => {
    const fay = await signedInOwner(db, handle, "factor-require", "fay@factor.example");
    const gus = await signedInOwner(db, handle, "factor-require", "gus@factor.example");
    await gus.client.get("/console/account");
    await gus.client.post("/console/account/require", { require: "yes" });
    await gus.client.get("/console/account?done=require-refused");
    expect(gus.client.html).toContain("Set up your own second factor before requiring one");

    await enrol(fay.client);
    await fay.client.get("/console/account");
    expect(
      (await fay.client.post("/console/account/require", { require: "yes" })).headers.get("location"),
    ).toBe("/console/account?done=require-on");
    const sent = await gus.client.get("/console/team");
    expect(sent.headers.get("location")).toBe("/console/account?required=1");
    expect((await gus.client.get("/console/account?required=1")).status).toBe(200);
    const { secret } = await enrol(gus.client);
    expect(secret).toBeTruthy();
    expect((await gus.client.get("/console/team")).status).toBe(200);
    const rows = await db.query<{ target: string }>(
      "select target from audit_events where action = 'account.second_factor_required' and actor_email = $1",
      ["fay@factor.example"],
    );
    expect(rows.map((row) => row.target)).toEqual(["on"]);
    await mailed("gus@factor.example", "made a second factor required");
  });

  it("turns the factor off (audited), and `stl owners reset-2fa` removes it for a lost phone", async () => {
    const email = "hal@factor.example";
    const { client, link } = await signedInOwner(db, handle, "factor-off", email);
    expect(link).toBeTruthy();
    await enrol(client);
    await client.get("/console/account");
    expect((await client.post("/console/account/second-factor/remove", {})).headers.get("location")).toBe(
      "/console/account?done=removed",
    );
    expect((await auditOf(email)).map((row) => row.action)).toContain("second_factor.disabled");
    const plain = consoleClient(handle);
    await plain.get("/console/sign-in");
    expect(
      (await plain.post("/console/sign-in", { email, password: OWNER_PASSWORD })).headers.get("location"),
    ).toBe("/console");

    await enrol(plain);
    const lines: string[] = [];
    const reset = ownerCommands({ publicUrl: () => "http://localhost" })["reset-2fa"];
    const args = parseArgs(["owners", "reset-2fa", "--email", email, "--by", "ops-ana"]);
    expect(await reset(db, args, (line) => lines.push(line), cliTranslator("en"), loadConfig({}))).toBe(0);
    expect(lines.join("\n")).toContain("Removed the second factor");
    expect(await reset(db, args, (line) => lines.push(line), cliTranslator("en"), loadConfig({}))).toBe(0);
    expect(lines.at(-1)).toContain("has no second factor");
    const rows = await db.query<{ actor_email: string; target: string }>(
      "select actor_email, target from audit_events where action = 'second_factor.reset'",
    );
    expect(rows).toEqual([{ actor_email: "stl: ops-ana", target: email }]);
    const after = consoleClient(handle);
    await after.get("/console/sign-in");
    expect(
      (await after.post("/console/sign-in", { email, password: OWNER_PASSWORD })).headers.get("location"),
    ).not.toBe("/console/sign-in/code");
  });
});

describe("passkeys through the routes", () => {
  it("refuses a forged answer, answers 404 for another owner's passkey, and audits a removal", async () => {
    const email = "jo@factor.example";
    const { client } = await signedInOwner(db, handle, "factor-passkeys", email);
    await client.get("/console/account");
    expect(client.html).toContain('data-passkey="create"');
    const forged = JSON.stringify({ id: "AAAA", rawId: "AAAA", type: "public-key", response: {} });
    expect(
      (await client.post("/console/account/passkeys", { name: "Forged", credential: forged })).status,
    ).toBe(422);
    expect((await client.post("/console/account/passkeys", { name: "Empty", credential: "" })).status).toBe(
      422,
    );
    expect(client.html).toContain("That passkey could not be added");
    const [owner] = await db.query<{ id: string }>("select id from owners where email = $1", [email]);
    expect(await db.query("select 1 from owner_passkeys where owner_id = $1", [owner!.id])).toEqual([]);

    // A stored passkey (as a real ceremony leaves it): another owner cannot remove it; its owner can, audited.
    await db.query(
      "insert into owner_passkeys (id, owner_id, public_key, name) values ('cred-jo', $1, 'pk', 'Jo''s phone')",
      [owner!.id],
    );
    const other = await signedInOwner(db, handle, "factor-passkeys-other", "kim@factor.example");
    await other.client.get("/console/account");
    expect((await other.client.post("/console/account/passkeys/cred-jo/remove", {})).status).toBe(404);
    await client.get("/console/account");
    expect(client.html).toMatch(/<strong>Jo(&#39;|&#x27;|')s phone<\/strong>/);
    expect((await client.post("/console/account/passkeys/cred-jo/remove", {})).headers.get("location")).toBe(
      "/console/account?done=passkey-removed",
    );
    expect((await auditOf(email)).map((row) => `${row.action} ${row.target}`)).toContain(
      "passkey.removed Jo's phone",
    );
  });
});

describe("changing the password from the Account page", () => {
  it("asks for the current password, checks the new one, ends every other session, audits and mails", async () => {
    const email = "lu@factor.example";
    const { client } = await signedInOwner(db, handle, "factor-password", email);
    const other = await passwordlessSecondBrowser(email);
    await client.get("/console/account");
    const change = (current: string, next: string, confirm = next) =>
      client.post("/console/account/password", { password: current, new: next, confirm });
    expect((await change("wrong-password-1", "amber-lantern-77")).status).toBe(401);
    expect((await change(OWNER_PASSWORD, "short")).status).toBe(422);
    expect((await change(OWNER_PASSWORD, "amber-lantern-77", "amber-lantern-78")).status).toBe(422);
    expect(client.html).toContain("The two passwords differ.");
    const done = await change(OWNER_PASSWORD, "amber-lantern-77");
    expect(done.headers.get("location")).toBe("/console/account?done=password");
    expect((await client.get("/console/team")).status).toBe(200);
    expect((await other.get("/console/team")).status).toBe(303);
    expect((await auditOf(email)).map((row) => row.action)).toContain("password.changed");
    await mailed(email, `The password of ${email} was changed just now`);
    const again = consoleClient(handle);
    await again.get("/console/sign-in");
    const signIn = await again.post("/console/sign-in", { email, password: "amber-lantern-77" });
    expect(signIn.status).toBe(303);
  });
});

/** Another browser signed in with the password (the owner has no second factor). */
async function passwordlessSecondBrowser(email: string) {
  const browser = consoleClient(handle);
  await browser.get("/console/sign-in");
  expect((await browser.post("/console/sign-in", { email, password: OWNER_PASSWORD })).status).toBe(303);
  expect((await browser.get("/console/team")).status).toBe(200);
  return browser;
}
