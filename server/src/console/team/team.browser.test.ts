// The Team page and "forgot password" in a real headless Chromium against a server process that mails through a
// real SMTP server this test starts: an invitation mailed → a second owner signs in, remove (never the last), the
// Audit page, a reset mail whose link works once, the same answer for an unknown email, throttling; Spanish and a
// 390-px phone, axe on every page.

import { createDatabase, freePort } from "@speed-to-lead/server/testing/postgres-cluster";
import {
  CHROMIUM_PATH,
  type ConsoleBrowser,
  openConsoleBrowser,
  submitNewPassword,
} from "@speed-to-lead/tests/harness/console-browser";
import { ownerSignInLink } from "@speed-to-lead/tests/harness/console-servers";
import type {} from "@speed-to-lead/tests/harness/global-setup";
import { type ServerProcess, startServerProcess } from "@speed-to-lead/tests/harness/server-process";
import { type SmtpInbox, startSmtpInbox } from "@speed-to-lead/tests/harness/smtp-inbox";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

if (!CHROMIUM_PATH) console.warn("team browser test skipped: no chromium (apt-get install chromium)");

const PASSWORD = "violet-harbor-42";
const BO_PASSWORD = "amber-lantern-77";

describe.skipIf(!CHROMIUM_PATH)(
  "the Team page and forgotten passwords in Chromium",
  () => {
    let env: Record<string, string>;
    let server: ServerProcess;
    let smtp: SmtpInbox;
    let base: string;
    let chromium: ConsoleBrowser;
    let page: Page;

    beforeAll(async () => {
      smtp = await startSmtpInbox();
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      env = {
        DATABASE_URL: await createDatabase(inject("postgresAdminUrl")),
        DISPATCHER: "off",
        SMTP_URL: smtp.url,
        SMTP_INSECURE: "true",
        PUBLIC_URL: base,
      };
      // The server migrates at its start (ready once done): one server needs no stl migrate before it.
      server = await startServerProcess({ env, port });
      chromium = await openConsoleBrowser("axe-results-team.json");
      page = chromium.page;
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
    });
    afterAll(async () => {
      await chromium?.close();
      await server?.stop();
      await smtp?.close();
    });

    const checkPage = async (name: string, on?: Page) =>
      expect(await chromium.check(name, on), name).toEqual([]);
    const rowOf = (email: string) =>
      page.locator("table.team tbody tr", { has: page.getByRole("rowheader", { name: email, exact: true }) });
    /** The link in the last mail to `to` that has one (quoted-printable soft breaks undone). */
    const linkMailedTo = (to: string) =>
      smtp.mails
        .filter((m) => m.to.includes(to))
        .map((m) => m.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="))
        .map((body) => body.match(/http:\/\/127\.0\.0\.1:\d+\/console\/link\/[A-Za-z0-9_-]{43}/)?.[0])
        .filter(Boolean)
        .at(-1);
    const subjectsTo = (to: string) =>
      smtp.mails.filter((m) => m.to.includes(to)).map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1] ?? "");

    it("lists the only owner, who cannot be removed", async () => {
      await page.goto(await ownerSignInLink(env, base));
      await submitNewPassword(page, PASSWORD);
      await page.waitForURL(`${base}/console/integrations`);
      await page.getByRole("link", { name: "Team" }).click();
      await page.waitForURL(`${base}/console/team`);
      expect(await page.locator("nav [aria-current=page]").textContent()).toBe("Team");
      expect(await rowOf("ana@acme.example").locator("td").first().textContent()).toBe("Active");
      expect(await rowOf("ana@acme.example").getByRole("link").count()).toBe(0);
      expect(await page.locator(".hint", { hasText: "last owner" }).count()).toBe(1);
      await checkPage("team-en");
    });

    it("invites an owner by mail: a pending invitation until bo sets a password through its link", async () => {
      await page.getByLabel("Their email").fill("Bo@Acme.example");
      await page.getByRole("button", { name: "Invite", exact: true }).click();
      await page.locator("#confirmation").waitFor();
      expect(await page.locator("#confirmation").textContent()).toBe(
        "Invitation sent to bo@acme.example. The link in the mail works once, for 7 days.",
      );
      // Mailed, never shown: the inviter does not hold the invitee's way in.
      expect(await page.locator("#invite-link").count()).toBe(0);
      expect(await page.locator("table.invitations tbody tr").count()).toBe(1);
      expect(await rowOf("bo@acme.example").count()).toBe(1);
      await checkPage("team-invited");
      await expect.poll(() => linkMailedTo("bo@acme.example"), { timeout: 10_000 }).toBeTruthy();
      const invite = linkMailedTo("bo@acme.example")!;
      await expect
        .poll(() => subjectsTo("ana@acme.example").join("|"), { timeout: 10_000 })
        .toContain("a change to its owners");

      const bo = await (await chromium.browser.newContext({ locale: "en-US" })).newPage();
      await bo.goto(invite);
      expect(await bo.locator("main").textContent()).toContain("You are invited to the account acme.");
      await checkPage("invitation-new", bo);
      await bo.getByLabel("New password").fill(BO_PASSWORD);
      await bo.getByLabel("Repeat the password").fill(BO_PASSWORD);
      await bo.getByRole("button", { name: "Set password and sign in" }).click();
      await bo.waitForURL(`${base}/console/integrations`);
      expect(await bo.locator(".who").textContent()).toBe("Signed in as bo@acme.example, account acme");
      expect((await bo.context().request.get(invite)).status()).toBe(410);
      await page.reload();
      expect(await rowOf("bo@acme.example").locator("td").first().textContent()).toBe("Active");
      expect(await page.locator("table.invitations").count()).toBe(0);

      // Removed by ana after a confirmation: bo is signed out of acme at once; the person stays.
      await rowOf("bo@acme.example").getByRole("link", { name: "Remove bo@acme.example" }).click();
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Remove bo@acme.example?");
      await checkPage("team-remove-confirm");
      await page.getByRole("button", { name: "Remove owner" }).click();
      await page.waitForURL(`${base}/console/team`);
      expect(await page.locator("#confirmation").textContent()).toBe(
        "Removed bo@acme.example from this account: their sessions here have ended.",
      );
      await checkPage("team-removed");
      await bo.reload();
      expect(new URL(bo.url()).pathname).toBe("/console/sign-in");
      await bo.context().close();
    });

    it("shows the Audit page, axe clean in both languages and on a phone", async () => {
      await page.getByRole("link", { name: "Audit" }).click();
      await page.waitForURL(`${base}/console/audit`);
      expect(await page.locator('td[data-action="owner.removed"]').count()).toBe(1);
      await page.getByLabel("Action").selectOption("owner.invited");
      await page.getByRole("button", { name: "Show" }).click();
      await page.waitForURL(/action=owner.invited/);
      expect(await page.locator("td[data-action]").count()).toBe(1);
      expect(await chromium.checkEverywhere(base, "/console/audit", "audit")).toEqual([]);
    });

    it("never removes the last owner, even by a forged post", async () => {
      await page.goto(`${base}/console/team`);
      const anaId = await rowOf("ana@acme.example").getAttribute("data-owner-id");
      await page.goto(`${base}/console/team/${anaId}/remove`);
      await page.getByRole("button", { name: "Remove owner" }).click();
      expect(await page.locator("#confirmation").textContent()).toBe(
        "Not removed: an account keeps at least one owner.",
      );
      expect(await rowOf("ana@acme.example").locator("td").first().textContent()).toBe("Active");
    });

    it("mails a single-use link for a forgotten password; the answer never says whether the email exists", async () => {
      const visitor = await (await chromium.browser.newContext({ locale: "en-US" })).newPage();
      await visitor.goto(`${base}/console/sign-in`);
      await visitor.getByRole("link", { name: "Forgot password?" }).click();
      await visitor.waitForURL(`${base}/console/forgot`);
      await checkPage("forgot-en", visitor);
      const ask = async (email: string) => {
        await visitor.goto(`${base}/console/forgot`);
        await visitor.getByLabel("Email").fill(email);
        await visitor.getByRole("button", { name: "Mail me a link" }).click();
        await visitor.waitForURL(`${base}/console/forgot?sent=1`);
        return await visitor.locator("#forgot-sent").textContent();
      };
      const unknown = await ask("nobody@acme.example");
      const known = await ask("ana@acme.example");
      expect(known).toBe(unknown);
      await checkPage("forgot-sent", visitor);
      await expect.poll(() => linkMailedTo("ana@acme.example"), { timeout: 10_000 }).toBeTruthy();
      // The reset went to ana alone: nothing was mailed to the unknown address.
      expect(smtp.mails.some((mail) => mail.to.includes("nobody@acme.example"))).toBe(false);
      const link = linkMailedTo("ana@acme.example")!;
      await visitor.goto(link);
      await submitNewPassword(visitor, "quiet-meadow-19");
      await visitor.waitForURL(`${base}/console/integrations`);
      expect((await visitor.context().request.get(link)).status()).toBe(410);

      // Throttled per email: the fourth request within minutes is refused, for any email alike.
      for (let i = 0; i < 3; i++) await ask("someone@acme.example");
      await visitor.goto(`${base}/console/forgot`);
      await visitor.getByLabel("Email").fill("someone@acme.example");
      await visitor.getByRole("button", { name: "Mail me a link" }).click();
      expect(await visitor.getByRole("heading", { level: 1 }).textContent()).toBe("Forgot password");
      expect(await visitor.locator("main").textContent()).toContain("Too many requests. Try again in");
      await visitor.context().close();
    });

    it("reads in Spanish and fits a 390-px phone, axe clean", async () => {
      // The new password ended ana's other sessions: this page signs in again, and returns to the Team page.
      await page.goto(`${base}/console/team`);
      expect(new URL(page.url()).pathname).toBe("/console/sign-in");
      await page.getByLabel("Email").fill("ana@acme.example");
      await page.getByLabel("Password").fill("quiet-meadow-19");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(`${base}/console/team`);
      for (const lang of ["es", "en"] as const) {
        for (const width of [1280, 390]) {
          await page.setViewportSize({ width, height: 844 });
          await page.goto(`${base}/console/language?to=${lang}&back=/console/team`);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          await checkPage(`team-${lang}-${width}`);
        }
      }
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Team");
      const visitor = await (await chromium.browser.newContext({ locale: "es-ES" })).newPage();
      await visitor.setViewportSize({ width: 390, height: 844 });
      for (const lang of ["es", "en"] as const) {
        await visitor.goto(`${base}/console/language?to=${lang}&back=/console/forgot`);
        expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await checkPage(`forgot-${lang}-390`, visitor);
      }
      await visitor.context().close();
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    it("showed no CSP violation or script error on any page", () => {
      expect(chromium.errors).toEqual([]);
    });
  },
  180_000,
);
