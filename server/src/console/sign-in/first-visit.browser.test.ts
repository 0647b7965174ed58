// A new owner's first visit in a real headless Chromium against one server process on PostgreSQL: the set-password
// page a sign-in link opens, the empty Integrations page and the empty inbox that points to it, each on a 390-px phone
// and a desktop in Spanish and English, axe clean, no sideways scroll; screenshots in artifacts/screenshots/.

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
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

if (!CHROMIUM_PATH) console.warn("first visit browser test skipped: no chromium (apt-get install chromium)");

describe.skipIf(!CHROMIUM_PATH)(
  "a new owner's first visit in Chromium",
  () => {
    let env: Record<string, string>;
    let server: ServerProcess;
    let chromium: ConsoleBrowser;

    beforeAll(async () => {
      env = { DATABASE_URL: await createDatabase(inject("postgresAdminUrl")), DISPATCHER: "off" };
      [server] = await startMigratedServers(env, 1);
      chromium = await openConsoleBrowser("axe-results-first-visit.json");
    });
    afterAll(async () => {
      await chromium?.close();
      await server?.stop();
    });

    it("shows the set-password page of a sign-in link at both widths in both languages; looking does not use it", async () => {
      const link = new URL(await ownerSignInLink(env, server.baseUrl));
      expect(await chromium.checkEverywhere(server.baseUrl, link.pathname, "set-password")).toEqual([]);
      await chromium.page.goto(link.href);
      await submitNewPassword(chromium.page, "harbor-lantern-93");
      await chromium.page.waitForURL(`${server.baseUrl}/console/integrations`);
    });

    it("shows the empty Integrations page and the empty inbox at both widths in both languages", async () => {
      const { page } = chromium;
      expect(
        await chromium.checkEverywhere(server.baseUrl, "/console/integrations", "integrations-empty"),
      ).toEqual([]);
      expect(await chromium.checkEverywhere(server.baseUrl, "/console/inbox", "inbox-empty")).toEqual([]);
      expect(await page.locator("#inbox-empty").isVisible()).toBe(true);
      // /console opens Integrations until the account has leads.
      await page.goto(`${server.baseUrl}/console`);
      expect(new URL(page.url()).pathname).toBe("/console/integrations");
    });

    it("showed no CSP violation, script error or dialog on any page", () => {
      expect(chromium.errors).toEqual([]);
      expect(chromium.dialogs).toEqual([]);
    });
  },
  120_000,
);
