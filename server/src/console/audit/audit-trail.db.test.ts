// The audit trail through real HTTP handling on PGlite, with a real SMTP server (smtp-server) receiving the mails:
// a row and a log line for each action that matters, the Audit page (filters, hostile text escaped, nothing of
// another account) and its CSV, and the mails owners get.
import { type SmtpInbox, startSmtpInbox } from "@speed-to-lead/tests/harness/smtp-inbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../app.ts";
import { ATTEMPTS_PER_LOCK } from "../../core/accounts/sign-in-throttle.ts";
import { smtpMailer } from "../../core/accounts/smtp-mailer.ts";
import type { Database } from "../../db/database.ts";
import { migrate } from "../../db/migrate.ts";
import { createLogger } from "../../logger.ts";
import { consoleClient, OWNER_PASSWORD, signedInOwner } from "../../testing/console-client.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";

let db: Database;
let app: App;
let smtp: SmtpInbox;
const logLines: Record<string, unknown>[] = [];
const handle = (request: Request) => app.handle(request);
const HOSTILE = `=HYPERLINK("http://evil.example")<script>alert(1)</script>`;

beforeAll(async () => {
  db = await createMemoryDatabase();
  await migrate(db);
  smtp = await startSmtpInbox();
  const logger = createLogger("info", (line) => logLines.push(JSON.parse(line)));
  const mailer = smtpMailer(smtp.url, "http://localhost", { insecure: true });
  app = createApp({ db, logger, mailer, publicUrl: "http://localhost" });
});
afterAll(async () => {
  await db.close();
  await smtp.close();
});

const auditRows = async (slug: string) =>
  await db.query<{ action: string; actor_email: string | null; target: string | null }>(
    `select e.action, e.actor_email, e.target from audit_events e
     where e.account_id = (select id from accounts where slug = $1)
        or (e.account_id is null and e.actor_id in
            (select m.owner_id from account_members m join accounts a on a.id = m.account_id where a.slug = $1))
     order by e.at, e.id`,
    [slug],
  );
/** The mails to `to`, their subjects (quoted-printable and encoded words undone well enough to match). */
const mailsTo = (to: string) => smtp.mails.filter((mail) => mail.to.includes(to)).map((mail) => mail.raw);
const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1] ?? "";

describe("the audit trail", () => {
  let ana: Awaited<ReturnType<typeof signedInOwner>>;

  beforeAll(async () => {
    ana = await signedInOwner(db, handle, "audit-acme", "ana@audit.example");
  });

  it("records invite, accept, tokens, do-not-call removal, sign-ins, failures, a lock and a removal; a log line each", async () => {
    await ana.client.get("/console/team");
    const invited = await ana.client.follow(
      await ana.client.post("/console/team/invite", { email: "bo@audit.example" }),
    );
    expect(invited.status).toBe(200);
    // Mailed to the invitee (the page does not show the link), and the owners told.
    await expect.poll(() => mailsTo("bo@audit.example").length, { timeout: 10_000 }).toBe(1);
    const link = /http:\/\/localhost\/console\/link\/[A-Za-z0-9_-]{43}/.exec(
      mailsTo("bo@audit.example")[0]!.replace(/=\r?\n/g, ""),
    )?.[0];
    expect(link).toBeTruthy();
    expect(ana.client.html).not.toContain(link!);
    await expect
      .poll(() => mailsTo("ana@audit.example").some((raw) => raw.includes("invited bo@audit.example")))
      .toBe(true);
    const bo = consoleClient(handle);
    await bo.get(new URL(link!).pathname);
    const accepted = await bo.post("/console/link", {
      link: link!.split("/").pop()!,
      password: "amber-lantern-77",
      confirm: "amber-lantern-77",
    });
    expect(accepted.status).toBe(303);

    await ana.client.get("/console/integrations");
    await ana.client.follow(await ana.client.post("/console/integrations/tokens", { name: HOSTILE }));
    const [token] = await db.query<{ id: string }>(
      "select id::text as id from channel_tokens where name = $1",
      [HOSTILE],
    );
    await ana.client.get(`/console/integrations/tokens/${token!.id}/revoke`);
    expect((await ana.client.post(`/console/integrations/tokens/${token!.id}/revoke`, {})).status).toBe(303);

    await ana.client.get("/console/do-not-call");
    expect((await ana.client.post("/console/do-not-call", { phone: "(415) 555-2671" })).status).toBe(303);
    await ana.client.get("/console/do-not-call/14155552671/remove");
    expect((await ana.client.post("/console/do-not-call/14155552671/remove", {})).status).toBe(303);

    const guesser = consoleClient(handle);
    await guesser.get("/console/sign-in");
    for (let i = 0; i < ATTEMPTS_PER_LOCK.email; i++)
      expect(
        (await guesser.post("/console/sign-in", { email: "bo@audit.example", password: `wrong-${i}` }))
          .status,
      ).toBe(401);
    expect(
      (await guesser.post("/console/sign-in", { email: "bo@audit.example", password: "x" })).status,
    ).toBe(429);

    const [boId] = await db.query<{ id: string }>(
      "select id::text as id from owners where email = 'bo@audit.example'",
    );
    await ana.client.get(`/console/team/${boId!.id}/remove`);
    expect((await ana.client.post(`/console/team/${boId!.id}/remove`, {})).status).toBe(303);

    const rows = await auditRows("audit-acme");
    const failedRows = rows.filter((row) => row.action === "sign_in.failed");
    expect(rows.map((row) => row.action).filter((action) => action !== "sign_in.failed")).toEqual([
      "password.changed",
      "sign_in.succeeded",
      "owner.invited",
      "invitation.accepted",
      "sign_in.succeeded",
      "token.created",
      "token.revoked",
      "dnc.removed",
      "owner.removed",
    ]);
    // Bo's failures and lock are rows of bo's person: shown to acme while bo was a member, not after the removal.
    expect(failedRows).toHaveLength(0);
    const boRows = await db.query<{ action: string; n: number }>(
      `select action, count(*)::int as n from audit_events
       where account_id is null and actor_email = 'bo@audit.example' group by action order by action`,
    );
    expect(boRows).toEqual([
      { action: "sign_in.failed", n: ATTEMPTS_PER_LOCK.email },
      { action: "sign_in.locked", n: 1 },
    ]);
    expect(rows.find((row) => row.action === "owner.removed")).toMatchObject({
      actor_email: "ana@audit.example",
      target: "bo@audit.example",
    });
    // One structured log line per row, with the same action.
    const [all] = await db.query<{ n: number }>("select count(*)::int as n from audit_events");
    expect(logLines.filter((line) => line.msg === "audit")).toHaveLength(all!.n);
    expect(logLines.find((line) => line.msg === "audit" && line.action === "token.created")).toMatchObject({
      actor_email: "ana@audit.example",
      target: HOSTILE,
    });

    // Removal mails: to the owners left, and to the person removed.
    await expect
      .poll(() => mailsTo("bo@audit.example").some((raw) => raw.includes("removed bo@audit.example")))
      .toBe(true);
    // A sign-in from a browser never seen for that person: they are told.
    expect(mailsTo("bo@audit.example").map(subjectOf)).toContain("New sign-in to Speed-to-Lead");
  });

  it("shows the rows on the Audit page with filters, hostile text as text, and as CSV with cells neutralised", async () => {
    const page = await ana.client.get("/console/audit");
    expect(page.status).toBe(200);
    expect(ana.client.html).toContain("Token created");
    expect(ana.client.html).not.toContain("<script>alert(1)</script>");
    expect(ana.client.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");

    await ana.client.get("/console/audit?action=token.revoked");
    expect(ana.client.html.match(/data-action="/g)).toHaveLength(1);
    await ana.client.get("/console/audit?actor=nobody-like-this");
    expect(ana.client.html).toContain('id="audit-none"');
    expect((await ana.client.get("/console/audit?from=2026-13-45")).status).toBe(422);
    const future = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await ana.client.get(`/console/audit?from=${future}`);
    expect(ana.client.html).toContain('id="audit-none"');

    const csv = await (await ana.client.get("/console/audit/export.csv?action=token.created")).text();
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe('"at","actor","action","target","client_address"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"")<script>alert(1)</script>"`);
  });

  it("shows another account nothing of this one", async () => {
    const cy = await signedInOwner(db, handle, "audit-globex", "cy@audit.example");
    await cy.client.get("/console/audit");
    expect(cy.client.html).not.toContain("ana@audit.example");
    expect(cy.client.html).not.toContain('data-action="token.created"');
    const csv = await (await cy.client.get("/console/audit/export.csv")).text();
    expect(csv).not.toContain('audit.example","token');
    expect(csv).not.toContain("ana@audit.example");
  });

  it("mails the person when their password changes", async () => {
    const before = mailsTo("ana@audit.example").length;
    const { existingOwnerSignIn } = await import("../../core/accounts/owner-access.ts");
    const reset = await existingOwnerSignIn(db, "ana@audit.example", "http://localhost");
    const client = consoleClient(handle);
    await client.get(new URL(reset!.link).pathname);
    const done = await client.post("/console/link", {
      link: reset!.link.split("/").pop()!,
      password: OWNER_PASSWORD,
      confirm: OWNER_PASSWORD,
    });
    expect(done.status).toBe(303);
    await expect
      .poll(() => mailsTo("ana@audit.example").slice(before).map(subjectOf), { timeout: 10_000 })
      .toContain("Your Speed-to-Lead password was changed");
  });
});

describe("SMTP", () => {
  it("requires STARTTLS unless told otherwise: a server without it gets no mail", async () => {
    const strict = smtpMailer(smtp.url, "http://localhost");
    // Counted for this address only: the earlier tests' mails (sent after their answers) may still arrive.
    await expect(strict.send({ to: "x@audit.example", subject: "s", text: "t" })).rejects.toThrow();
    expect(mailsTo("x@audit.example")).toHaveLength(0);
  });
});
