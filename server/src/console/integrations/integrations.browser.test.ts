// The owner's whole path in a real headless Chromium against two real server processes on one PostgreSQL:
// sign-in link from the CLI, tokens created, used, revoked and rolled, Spanish, sign-out. axe-core on every page,
// no CSP violation anywhere, a screenshot of each page in artifacts/screenshots/.
// Needs Debian's chromium (.ci/run installs it); on a machine without it the suite is skipped, and says so.
import { AuthenticationError, consentBlock, createLeadClient } from "@speed-to-lead/sdk";
import { createDatabase } from "@speed-to-lead/server/testing/postgres-cluster";
import {
  CHROMIUM_PATH,
  type ConsoleBrowser,
  openConsoleBrowser,
  submitNewPassword,
} from "@speed-to-lead/tests/harness/console-browser";
import { ownerSignInLink, startMigratedServers } from "@speed-to-lead/tests/harness/console-servers";
import type {} from "@speed-to-lead/tests/harness/global-setup";
import type { ServerProcess } from "@speed-to-lead/tests/harness/server-process";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

if (!CHROMIUM_PATH) console.warn("console browser test skipped: no chromium (apt-get install chromium)");

const PASSWORD = "violet-harbor-42";
describe.skipIf(!CHROMIUM_PATH)(
  "the owner's console in Chromium",
  () => {
    let env: Record<string, string>;
    let a: ServerProcess;
    let b: ServerProcess;
    let chromium: ConsoleBrowser;
    let page: Page;

    beforeAll(async () => {
      env = { DATABASE_URL: await createDatabase(inject("postgresAdminUrl")), DISPATCHER: "off" };
      [a, b] = await startMigratedServers(env, 2);
      chromium = await openConsoleBrowser("axe-results.json");
      page = chromium.page;
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: a.baseUrl });
    });
    afterAll(async () => {
      await chromium?.close();
      await Promise.all([a?.stop(), b?.stop()]);
    });

    /** A screenshot and axe-core on the page as shown; no serious or critical violation allowed. */
    const checkPage = async (name: string) => expect(await chromium.check(name), name).toEqual([]);

    /** A lead through the SDK, from this test (not the browser), to server b. */
    const postWith = (token: string, reference: string) =>
      createLeadClient({ baseUrl: b.baseUrl, token, maxRetries: 0 }).postLead({
        phone: "(415) 555-2671",
        first_name: "Ana",
        consent: consentBlock({ source: "webform:/contact", reference, capturedAt: new Date() }),
      });

    /** The problem code a post with this token is refused with, within `ms` (the authenticator's cache). */
    async function refusedWithin(token: string, ms: number): Promise<string> {
      const deadline = Date.now() + ms;
      for (;;) {
        try {
          await postWith(token, "refusal-probe");
        } catch (error) {
          if (error instanceof AuthenticationError) return error.code;
          throw error;
        }
        if (Date.now() > deadline) return "still accepted";
        await Bun.sleep(250);
      }
    }

    const rowOf = (name: string) =>
      page.locator("#token-table tbody tr", { has: page.getByRole("rowheader", { name, exact: true }) });

    it("signs in through a single-use link printed by stl owners create", async () => {
      const link = await ownerSignInLink(env, a.baseUrl);
      expect(link.startsWith(`${a.baseUrl}/console/link/`)).toBe(true);

      await page.goto(link);
      await checkPage("set-password");
      await submitNewPassword(page, "password1234");
      await expect
        .poll(() => page.locator("#password-error").textContent())
        .toBe("This password is too common. Choose another.");
      await checkPage("set-password-refused");
      await submitNewPassword(page, PASSWORD);
      await page.waitForURL(`${a.baseUrl}/console/integrations`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Integrations");
      expect(await page.locator("nav [aria-current=page]").textContent()).toBe("Integrations");
      await checkPage("integrations-empty");

      // The link worked once.
      const again = await page.context().request.get(link);
      expect(again.status()).toBe(410);
    });

    let websiteToken: string;

    it("creates a token: the secret once, copy, curl and SDK snippets, and a test lead through the endpoint", async () => {
      await page.getByLabel("Name", { exact: true }).fill("");
      await page.getByRole("button", { name: "Create token" }).click();
      await expect.poll(() => page.locator("#token-name-error").textContent()).toBe("Give the token a name.");

      await page.getByLabel("Name", { exact: true }).fill("Website form");
      await page.getByRole("button", { name: "Create token" }).click();
      const secret = page.locator("#new-secret");
      await secret.waitFor();
      websiteToken = (await secret.textContent())!.trim();
      expect(websiteToken).toMatch(/^stl_ch_[A-Za-z0-9_-]{43}$/);
      // htmx swapped the section and the table in place: still the same page, the table lists the token.
      expect(page.url()).toBe(`${a.baseUrl}/console/integrations`);
      expect(await rowOf("Website form").locator("code").textContent()).toBe(
        `stl_ch_…${websiteToken.slice(-4)}`,
      );
      const snippets = await page.locator(".secret pre").allTextContents();
      expect(snippets[0]).toContain(`curl -sS ${a.baseUrl}/api/speed-to-lead/channel-inbound.php`);
      expect(snippets[0]).toContain(`Bearer ${websiteToken}`);
      expect(snippets[1]).toContain(
        `createLeadClient({ baseUrl: "${a.baseUrl}", token: "${websiteToken}" })`,
      );

      await page.getByRole("button", { name: "Copy token" }).click();
      await expect.poll(() => page.locator("#copy-status").textContent()).toBe("Copied.");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(websiteToken);

      // Every code block has its copy button; the SDK snippet sends the stored consent time, not "now".
      expect(snippets[1]).toContain("capturedAt: submission.submittedAt");
      expect(snippets[1]).not.toContain("new Date()");
      await page.getByRole("button", { name: "Copy the SDK example" }).click();
      await expect.poll(() => page.locator("#sdk-snippet-status").textContent()).toBe("Copied.");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippets[1]);
      await page.getByRole("button", { name: "Copy the curl command" }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(snippets[0]);
      // No line is clipped: no code block is wider than its box.
      const clipped = await page
        .locator("pre")
        .evaluateAll((blocks) =>
          blocks.filter((block) => block.scrollWidth > block.clientWidth).map((block) => block.id),
        );
      expect(clipped).toEqual([]);
      // On a phone too: the snippets wrap, the page does not scroll sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await checkPage("phone-en-integrations-new-token");
      await page.setViewportSize({ width: 1280, height: 720 });

      // A lead through the SDK from this test, to the other server process.
      const lead = await postWith(websiteToken, "e2e-sdk");
      expect(lead.callEligible).toBe(true);

      await page.getByRole("button", { name: "Send a test lead" }).click();
      await expect.poll(() => page.locator("[data-answer-status]").textContent()).toBe("Answer: HTTP 201");
      const answer = JSON.parse((await page.locator("[data-answer-body]").textContent())!);
      expect(answer).toMatchObject({ created: true, test: true, call_eligible: false });
      await checkPage("integrations-new-token");

      await page.reload();
      expect(await page.locator("#new-secret").count()).toBe(0);
      const cells = await rowOf("Website form").locator("td").allTextContents();
      expect(cells[3]).toBe("2");
      expect(cells[4]).toBe("Active");
      expect(cells[2]).not.toBe("Never");
    });

    it("renames, with the message beside the field for a bad name", async () => {
      await rowOf("Website form")
        .getByRole("link", { name: /^Rename Website form/ })
        .click();
      await page.getByLabel("Name", { exact: true }).fill("x".repeat(101));
      // maxlength stops typing past 100 in a browser; the server still checks what is posted.
      await page.getByLabel("Name", { exact: true }).evaluate((input: HTMLInputElement) => {
        input.removeAttribute("maxlength");
        input.value = "x".repeat(101);
      });
      await page.getByRole("button", { name: "Save name" }).click();
      await expect
        .poll(() => page.locator("#token-name-error").textContent())
        .toBe("Use at most 100 characters.");
      await checkPage("rename-refused");
      await page.getByLabel("Name", { exact: true }).fill("Website form (2025)");
      await page.getByRole("button", { name: "Save name" }).click();
      await page.waitForURL(`${a.baseUrl}/console/integrations`);
      expect(await rowOf("Website form (2025)").count()).toBe(1);
      // A confirmation line, once: a reload shows the page without it and renames nothing.
      expect(await page.locator("#confirmation").textContent()).toBe(
        "Renamed “Website form” to “Website form (2025)”.",
      );
      await checkPage("renamed-confirmation");
      await page.reload();
      expect(await page.locator("#confirmation").count()).toBe(0);
    });

    it("works by keyboard: skip link first, Enter submits, focus lands on the new secret, focus is visible", async () => {
      await page.goto(`${a.baseUrl}/console/integrations`);
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
      await page.keyboard.press("Enter");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("token-name");
      await page.keyboard.type("Keyboard token");
      await page.keyboard.press("Enter");
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("new-secret-title");
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => {
        const element = document.activeElement!;
        return { text: element.textContent, outline: getComputedStyle(element).outlineStyle };
      });
      expect(focused).toEqual({ text: "Copy token", outline: "solid" });
      const unknown = await page.goto(`${a.baseUrl}/console/no-such-page`);
      expect(unknown?.status()).toBe(404);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Not found");
      await checkPage("not-found");
      await page.goto(`${a.baseUrl}/console/integrations`);
    });

    it("revokes after a confirmation, and every server refuses the token within 5 s", async () => {
      await rowOf("Website form (2025)")
        .getByRole("link", { name: /^Revoke Website form \(2025\)/ })
        .click();
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Revoke Website form (2025)?");
      await checkPage("revoke-confirm");
      await page.getByRole("button", { name: "Revoke token" }).click();
      await page.waitForURL(`${a.baseUrl}/console/integrations`);
      const revokedAt = Date.now();
      expect(await page.locator("#confirmation").textContent()).toBe(
        "Revoked “Website form (2025)”: it no longer works.",
      );
      // Revoked tokens fold away below the list, without actions.
      const revoked = page.locator("details.revoked-tokens");
      expect(await revoked.evaluate((details: HTMLDetailsElement) => details.open)).toBe(false);
      expect(await revoked.locator("summary").textContent()).toBe("Revoked tokens (1)");
      expect(await rowOf("Website form (2025)").count()).toBe(0);
      await revoked.locator("summary").click();
      expect(await rowOf("Website form (2025)").locator("td").nth(4).textContent()).toBe("Revoked");
      expect(await rowOf("Website form (2025)").getByRole("link").count()).toBe(0);
      await checkPage("integrations-revoked-section");
      expect(await refusedWithin(websiteToken, 5_000)).toBe("token_revoked");
      expect(Date.now() - revokedAt).toBeLessThanOrEqual(5_500);
    });

    it("rolls: both tokens work until the old one expires, which is refused with token_expired", async () => {
      await page.getByLabel("Name", { exact: true }).fill("CRM sync");
      await page.getByRole("button", { name: "Create token" }).click();
      await page.locator("#new-secret").waitFor();
      const first = (await page.locator("#new-secret").textContent())!.trim();
      await page.reload();

      // Roll with an hour of overlap: old and new both work.
      await rowOf("CRM sync")
        .getByRole("link", { name: /^Roll CRM sync/ })
        .click();
      await checkPage("roll");
      await page.getByLabel("In 1 hour").check();
      await page.getByRole("button", { name: "Roll token" }).click();
      await page.locator("#new-secret").waitFor();
      const second = (await page.locator("#new-secret").textContent())!.trim();
      expect(second).not.toBe(first);
      expect(await page.locator(".secret").textContent()).toContain("The old token keeps working until");
      await checkPage("rolled-new-token");
      expect((await postWith(first, "old-during-overlap")).id).toBeTruthy();
      expect((await postWith(second, "new-during-overlap")).id).toBeTruthy();

      // Reloading the page shown after the roll rolls nothing again and shows no secret again.
      const rows = page.locator("#token-table tbody tr", { hasText: "CRM sync" });
      expect(await rows.count()).toBe(2);
      await page.reload();
      expect(await page.locator("#new-secret").count()).toBe(0);
      expect(await rows.count()).toBe(2);
      expect(await rows.filter({ hasText: "Active" }).count()).toBe(1);
      await checkPage("rolled-then-reloaded");

      // Same-named tokens are told apart: each action names the token's suffix.
      const suffixes = await rows.locator("code").allTextContents();
      expect(new Set(suffixes).size).toBe(2);
      expect(
        await page.getByRole("link", { name: `Roll CRM sync (${suffixes[0]})`, exact: true }).count(),
      ).toBe(1);

      // Roll the second with "now": it expires at once and is refused with its own code; the third works.
      await rows
        .filter({ hasText: "Active" })
        .getByRole("link", { name: /^Roll CRM sync/ })
        .click();
      await page.getByLabel("Now").check();
      await page.getByRole("button", { name: "Roll token" }).click();
      await page.locator("#new-secret").waitFor();
      const third = (await page.locator("#new-secret").textContent())!.trim();
      expect(await refusedWithin(second, 5_000)).toBe("token_expired");
      expect((await postWith(third, "third")).id).toBeTruthy();
      expect((await postWith(first, "first-still-in-its-hour")).id).toBeTruthy();

      await page.reload();
      const statuses = await page.locator("#token-table tbody tr td:nth-child(6)").allTextContents();
      expect(statuses.filter((s) => s.startsWith("Expires"))).toHaveLength(1);
      expect(statuses.filter((s) => s.startsWith("Expired"))).toHaveLength(1);
      await checkPage("integrations-after-roll");
    });

    it("opens a token's settings (axe-checked), saves them and says so", async () => {
      await page.goto(`${a.baseUrl}/console/integrations`);
      await page
        .locator("#token-table tbody tr", { hasText: "Active" })
        .filter({ hasText: "CRM sync" })
        .getByRole("link", { name: /^Settings CRM sync/ })
        .click();
      await checkPage("token-settings");
      await page.getByLabel("Read the leads other tokens of the account posted").check();
      await page.getByRole("button", { name: "Save" }).click();
      await page.getByText("Saved the settings of “CRM sync”").waitFor();
      expect(new URL(page.url()).pathname).toBe("/console/integrations");
    });

    it("sets the account's call cool-down: a bad value answered beside the field (axe-checked), then saved", async () => {
      const hours = page.getByLabel("Hours between calls to one number");
      expect(await hours.inputValue()).toBe("24");
      await hours.fill("1.5");
      await page.getByRole("button", { name: "Save cool-down" }).click();
      await expect
        .poll(() => page.locator("#cooldown-hours-error").textContent())
        .toBe("Enter whole hours from 0 to 168 (0 turns the cool-down off).");
      expect(await hours.inputValue()).toBe("1.5");
      await checkPage("integrations-cooldown-refused");
      await hours.fill("6");
      await page.getByRole("button", { name: "Save cool-down" }).click();
      await page.getByText("Call cool-down set to 6 h.").waitFor();
      expect(await page.getByLabel("Hours between calls to one number").inputValue()).toBe("6");
    });

    it("switches to Spanish, and remembers it", async () => {
      await page.getByRole("link", { name: "Español" }).click();
      await page.waitForURL(`${a.baseUrl}/console/integrations`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Integraciones");
      expect(await page.locator("html").getAttribute("lang")).toBe("es");
      await page.reload();
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Integraciones");
      await page.getByLabel("Nombre", { exact: true }).fill("   ");
      await page.getByRole("button", { name: "Crear token" }).click();
      await expect.poll(() => page.locator("#token-name-error").textContent()).toBe("Dé un nombre al token.");
      await checkPage("integrations-es");
    });

    it("signs out: the session ends on the server and the pages are refused", async () => {
      const [cookie] = (await page.context().cookies()).filter((c) => c.name === "stl_session");
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false });
      await page.getByRole("button", { name: "Cerrar sesión" }).click();
      await page.waitForURL(`${a.baseUrl}/console/sign-in?signed-out=1`);
      expect(await page.getByRole("status").textContent()).toBe("Ha cerrado la sesión.");
      await checkPage("sign-in-es");
      await page.goto(`${a.baseUrl}/console/integrations`);
      expect(page.url()).toBe(`${a.baseUrl}/console/sign-in?next=%2Fconsole%2Fintegrations`);
      // The old cookie, replayed by hand, is refused too: the session is gone from the database.
      const replay = await fetch(`${a.baseUrl}/console/integrations`, {
        headers: { cookie: `stl_session=${cookie!.value}` },
        redirect: "manual",
      });
      expect([replay.status, replay.headers.get("location")]).toEqual([
        303,
        "/console/sign-in?next=%2Fconsole%2Fintegrations",
      ]);
    });

    it("without SMTP, 'forgot password' says whom to ask; the signed-out pages fit a phone in both languages", async () => {
      await page.getByRole("link", { name: "¿Olvidó la contraseña?" }).click();
      await page.waitForURL(`${a.baseUrl}/console/forgot`);
      expect(await page.locator("#forgot-no-mail").textContent()).toContain("stl owners create");
      expect(await page.locator("form[action='/console/forgot']").count()).toBe(0);
      await checkPage("forgot-no-smtp-es");
      await page.setViewportSize({ width: 390, height: 844 });
      for (const lang of ["es", "en"] as const)
        for (const path of ["/console/sign-in", "/console/forgot"]) {
          await page.goto(`${a.baseUrl}/console/language?to=${lang}&back=${path}`);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
          await checkPage(`phone-${lang}-${path.split("/").pop()}`);
        }
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.goto(`${a.baseUrl}/console/language?to=es&back=/console/sign-in`);
    });

    it("signs in again with the password, in English", async () => {
      await page.getByRole("link", { name: "English" }).click();
      await page.getByLabel("Email").fill("ana@acme.example");
      await page.getByLabel("Password").fill("wrong password!");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect
        .poll(() => page.locator("#sign-in-error").textContent())
        .toBe("The email or the password is wrong.");
      await checkPage("sign-in-refused");
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      // The account has leads now: the console opens on the inbox.
      await page.waitForURL(`${a.baseUrl}/console/inbox`);
      await page.getByRole("link", { name: "Integrations" }).click();
      expect(await rowOf("CRM sync").count()).toBe(3);
    });

    it("showed no CSP violation or script error on any page", () => {
      expect(chromium.errors).toEqual([]);
    });
  },
  180_000,
);
