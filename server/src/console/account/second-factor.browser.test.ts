// The second factor in a real headless Chromium against a server process on PostgreSQL: the Account page sets up an
// authenticator app (the key read from the page, the code computed by the test), the recovery codes shown once, the
// code asked at the next sign-in, and `stl owners reset-2fa` run as the operator runs it; axe on every page, both
// languages, a 390-px phone and a desktop, no CSP violation.
import {
  CHROMIUM_PATH,
  type ConsoleBrowser,
  openConsoleBrowser,
  signOutAndIn,
  submitNewPassword,
} from "@speed-to-lead/tests/harness/console-browser";
import { ownerSignInLink, startMigratedServers } from "@speed-to-lead/tests/harness/console-servers";
import type {} from "@speed-to-lead/tests/harness/global-setup";
import type { ServerProcess } from "@speed-to-lead/tests/harness/server-process";
import { runCli } from "@speed-to-lead/tests/harness/stl-cli";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDatabase } from "../../testing/postgres-cluster.ts";
import { totpCode } from "../../testing/totp-code.ts";

if (!CHROMIUM_PATH)
  console.warn("second factor browser test skipped: no chromium (apt-get install chromium)");

const EMAIL = "ana@acme.example";
const PASSWORD = "harbor-lantern-93";

describe.skipIf(!CHROMIUM_PATH)(
  "the second factor in Chromium",
  () => {
    let env: Record<string, string>;
    let server: ServerProcess;
    let chromium: ConsoleBrowser;
    let secret = "";

    beforeAll(async () => {
      env = { DATABASE_URL: await createDatabase(inject("postgresAdminUrl")), DISPATCHER: "off" };
      [server] = await startMigratedServers(env, 1);
      chromium = await openConsoleBrowser("axe-results-second-factor.json");
      await chromium.page.goto(await ownerSignInLink(env, server.baseUrl));
      await submitNewPassword(chromium.page, PASSWORD);
      await chromium.page.waitForURL(`${server.baseUrl}/console/integrations`);
    });
    afterAll(async () => {
      await chromium?.close();
      await server?.stop();
    });

    const signIn = () => signOutAndIn(chromium.page, EMAIL, PASSWORD);

    it("sets up an authenticator app from the Account page and shows the recovery codes once", async () => {
      const { page } = chromium;
      expect(await chromium.checkEverywhere(server.baseUrl, "/console/account", "account-enrol")).toEqual([]);
      await expect.poll(() => page.locator(".qr svg").isVisible()).toBe(true);
      secret = (await page.locator("#totp-secret").textContent()) ?? "";
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await page.getByRole("textbox", { name: "Code", exact: true }).fill(totpCode(secret, Date.now()));
      await page.getByRole("button", { name: "Turn on" }).click();
      await expect.poll(() => page.locator("#recovery-codes li").count()).toBe(10);
      expect(await chromium.check("account-codes")).toEqual([]);
      await page.reload();
      expect(await page.locator("#recovery-codes").count()).toBe(0);
      expect(await page.locator("#second-factor-status").textContent()).toContain("Recovery codes left: 10.");
    });

    it("asks for the code after the password at the next sign-in", async () => {
      const { page } = chromium;
      await signIn();
      await page.waitForURL(`${server.baseUrl}/console/sign-in/code`);
      expect(
        await chromium.checkEverywhere(server.baseUrl, "/console/sign-in/code", "second-factor"),
      ).toEqual([]);
      await page
        .getByRole("textbox", { name: "Code", exact: true })
        .fill(totpCode(secret, Date.now()) === "000000" ? "111111" : "000000");
      await page.getByRole("button", { name: "Verify and sign in" }).click();
      await expect.poll(() => page.getByText("This code is not right").isVisible()).toBe(true);
      // The next step's code: the one set-up used is never accepted again, and the server allows one step of drift.
      await page
        .getByRole("textbox", { name: "Code", exact: true })
        .fill(totpCode(secret, Date.now() + 30_000));
      await page.getByRole("button", { name: "Verify and sign in" }).click();
      await page.waitForURL(`${server.baseUrl}/console/integrations`);
    });

    it("asks only for the password once the operator reset the factor with stl owners reset-2fa", async () => {
      const reset = await runCli(["owners", "reset-2fa", "--email", EMAIL, "--by", "ops", "--json"], env);
      expect([reset.exitCode, JSON.parse(reset.stdout).reset]).toEqual([0, true]);
      await signIn();
      await chromium.page.waitForURL(`${server.baseUrl}/console/integrations`);
    });

    it("showed no CSP violation, script error or dialog on any page", () => {
      expect(chromium.errors).toEqual([]);
      expect(chromium.dialogs).toEqual([]);
    });
  },
  180_000,
);
