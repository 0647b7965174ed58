// Limits that hold per network, through real HTTP handling on PGlite behind TRUST_PROXY (X-Forwarded-For names the
// client): 30 addresses of one IPv6 /64 share one sign-in allowance; a flood of random emails to "forgot password"
// from one /64 is refused at the address and never spends the target's mail budget (in the database).
import { type SmtpInbox, startSmtpInbox } from "@speed-to-lead/tests/harness/smtp-inbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../app.ts";
import { RESET_MAILS_PER_WINDOW } from "../../core/accounts/reset-mail-budget.ts";
import { ATTEMPTS_PER_LOCK } from "../../core/accounts/sign-in-throttle.ts";
import { smtpMailer } from "../../core/accounts/smtp-mailer.ts";
import type { Database } from "../../db/database.ts";
import { migrate } from "../../db/migrate.ts";
import { consoleClient, signedInOwner } from "../../testing/console-client.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";

let db: Database;
let app: App;
let smtp: SmtpInbox;
const handle = (request: Request) => app.handle(request);
/** Random emails posted to the forgot form from one /64 (the 100,000, scaled to the shared test machine). */
const FLOOD = 5_000;

beforeAll(async () => {
  db = await createMemoryDatabase();
  await migrate(db);
  smtp = await startSmtpInbox();
  const mailer = smtpMailer(smtp.url, "http://localhost", { insecure: true });
  app = createApp({ db, trustProxy: true, mailer, publicUrl: "http://localhost" });
});
afterAll(async () => {
  await db.close();
  await smtp.close();
});

/** The i-th address of one /64 (as a provider hands a subscriber), as a proxy would name it. */
const inOne64 = (i: number) =>
  `2001:db8:aa:bb:${((i * 7919) % 0xffff).toString(16)}:${i.toString(16)}:1:${(i + 1).toString(16)}`;

describe("per-network limits", () => {
  it("30 addresses of one IPv6 /64 share one sign-in allowance", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const client = consoleClient(handle, "http://localhost", { "x-forwarded-for": inOne64(i) });
      await client.get("/console/sign-in");
      const response = await client.post("/console/sign-in", {
        email: `guess${i}@limits.example`,
        password: "not-the-password",
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(ATTEMPTS_PER_LOCK.address);
    expect(statuses.slice(ATTEMPTS_PER_LOCK.address)).toEqual(
      Array(30 - ATTEMPTS_PER_LOCK.address).fill(429),
    );
    // Another /64 of the same /48 still has its own allowance.
    const neighbour = consoleClient(handle, "http://localhost", { "x-forwarded-for": "2001:db8:aa:cc::1" });
    await neighbour.get("/console/sign-in");
    expect(
      (await neighbour.post("/console/sign-in", { email: "n@limits.example", password: "x-x-x" })).status,
    ).toBe(401);
  });

  it(`a flood of ${FLOOD} random emails from one /64 sends the target no extra mail`, async () => {
    await signedInOwner(db, handle, "limits-acme", "target@limits.example");
    const flood = consoleClient(handle, "http://localhost", { "x-forwarded-for": inOne64(1000) });
    await flood.get("/console/forgot");
    const csrf = flood.csrf!;
    const statuses = new Map<number, number>();
    for (let i = 0; i < FLOOD; i++) {
      flood.cookies.set("stl_presession", flood.cookies.get("stl_presession")!);
      const email = i % 2 === 0 ? "target@limits.example" : `r${crypto.randomUUID()}@limits.example`;
      const headers = { "x-forwarded-for": inOne64(1000 + (i % 64)) };
      const response = await flood.post("/console/forgot", { email, _csrf: csrf }, { headers });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }
    // The /64's ten, then refusals at the address, which never touched an email budget in the database: of the
    // ten, the target's budget let three through.
    expect(statuses.get(429)).toBe(FLOOD - 10 + 2);
    expect(statuses.get(303)).toBe(RESET_MAILS_PER_WINDOW + 5);
    const [budget] = await db.query<{ sent: number }>("select sent from reset_mail_budget where email = $1", [
      "target@limits.example",
    ]);
    expect(budget?.sent).toBe(5);
    const [rows] = await db.query<{ n: number }>("select count(*)::int as n from reset_mail_budget");
    expect(rows!.n).toBe(6);
    // 2,500 requests named the target: it got its hour's budget of mails, no more.
    const toTarget = () =>
      smtp.mails.filter(
        (m) =>
          m.to.includes("target@limits.example") &&
          m.raw.includes("Subject: Your Speed-to-Lead sign-in link"),
      ).length;
    await expect.poll(toTarget, { timeout: 10_000 }).toBe(RESET_MAILS_PER_WINDOW);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(toTarget()).toBe(RESET_MAILS_PER_WINDOW);
  });
});
