// Passkeys in a real headless Chromium with its virtual authenticator (CDP WebAuthn domain) against a server process
// on PostgreSQL: added from the Account page (with recovery codes, as the first factor), used as the second factor
// at the next sign-in and at re-confirmation, listed on the Audit page; axe on every page, both languages, a phone
// and a desktop, no CSP violation. The console is reached as localhost: WebAuthn refuses an IP address as the relying party.
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
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDatabase } from "../../testing/postgres-cluster.ts";

if (!CHROMIUM_PATH) console.warn("passkeys browser test skipped: no chromium (apt-get install chromium)");

const EMAIL = "ana@acme.example";
const PASSWORD = "harbor-lantern-93";

describe.skipIf(!CHROMIUM_PATH)(
  "passkeys in Chromium's virtual authenticator",
  () => {
    let server: ServerProcess;
    let chromium: ConsoleBrowser;
    let base = "";
    let databaseUrl = "";

    beforeAll(async () => {
      databaseUrl = await createDatabase(inject("postgresAdminUrl"));
      const env = { DATABASE_URL: databaseUrl, DISPATCHER: "off" };
      [server] = await startMigratedServers(env, 1);
      base = server.baseUrl.replace("127.0.0.1", "localhost");
      chromium = await openConsoleBrowser("axe-results-passkeys.json");
      const { page } = chromium;
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("WebAuthn.enable");
      await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: {
          protocol: "ctap2",
          transport: "internal",
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });
      await page.goto(await ownerSignInLink(env, base));
      await submitNewPassword(page, PASSWORD);
      await page.waitForURL(`${base}/console/integrations`);
    });
    afterAll(async () => {
      await chromium?.close();
      await server?.stop();
    });

    it("adds a passkey from the Account page and shows recovery codes with the first factor", async () => {
      const { page } = chromium;
      expect(await chromium.checkEverywhere(base, "/console/account", "account-passkeys")).toEqual([]);
      await page.getByLabel("Name of the new passkey (optional)").fill("Work laptop <b>");
      await page.getByRole("button", { name: "Add a passkey" }).click();
      await expect.poll(() => page.locator("#recovery-codes li").count(), { timeout: 15_000 }).toBe(10);
      expect(await page.locator("li[data-passkey-id] strong").allTextContents()).toEqual(["Work laptop <b>"]);
      expect(await chromium.check("account-passkey-added")).toEqual([]);
    });

    it("asks for the passkey after the password at the next sign-in", async () => {
      const { page } = chromium;
      await signOutAndIn(page, EMAIL, PASSWORD);
      await page.waitForURL(`${base}/console/sign-in/code`);
      expect(await chromium.check("second-factor-passkey")).toEqual([]);
      await page.getByRole("button", { name: "Use a passkey" }).click();
      await page.waitForURL(`${base}/console/integrations`);
      await page.goto(`${base}/console/audit`);
      const audit = await page.locator("main").textContent();
      expect(audit).toContain("Passkey added");
      expect(audit).toContain("password+passkey");
    });

    it("re-confirms a sensitive change with the passkey once the last confirmation is 10 minutes old", async () => {
      const { page } = chromium;
      const sql = new Bun.SQL(databaseUrl);
      try {
        await sql`update owner_sessions set confirmed_at = now() - interval '11 minutes'`;
      } finally {
        await sql.close();
      }
      await page.goto(`${base}/console/account`);
      await page.getByRole("button", { name: "Make new recovery codes" }).click();
      await page.waitForURL(`${base}/console/confirm?next=%2Fconsole%2Faccount`);
      expect(await chromium.check("confirm-passkey")).toEqual([]);
      await page.getByRole("button", { name: "Use a passkey" }).click();
      await page.waitForURL(`${base}/console/account`);
      await page.getByRole("button", { name: "Make new recovery codes" }).click();
      await expect.poll(() => page.locator("#recovery-codes li").count(), { timeout: 15_000 }).toBe(10);
    });

    it("showed no CSP violation, script error or dialog on any page", () => {
      expect(chromium.errors).toEqual([]);
      expect(chromium.dialogs).toEqual([]);
    });
  },
  180_000,
);
