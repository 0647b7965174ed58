// The Do-not-call page in a real headless Chromium against a real server process on PostgreSQL: sign in, add a
// number typed for people and see it in E.164, remove it behind the confirmation, import a CSV with a bad row,
// Spanish. axe-core on every page, no CSP violation, screenshots in artifacts/screenshots/.

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
import { OWNER_PASSWORD } from "../../testing/console-client.ts";

if (!CHROMIUM_PATH) console.warn("do-not-call browser test skipped: no chromium (apt-get install chromium)");

describe.skipIf(!CHROMIUM_PATH)(
  "the Do-not-call page in Chromium",
  () => {
    let server: ServerProcess;
    let chromium: ConsoleBrowser;
    let page: Page;

    beforeAll(async () => {
      const env = { DATABASE_URL: await createDatabase(inject("postgresAdminUrl")), DISPATCHER: "off" };
      [server] = await startMigratedServers(env, 1);
      const link = await ownerSignInLink(env, server.baseUrl);
      chromium = await openConsoleBrowser("axe-results-dnc.json");
      page = chromium.page;
      await page.goto(link);
      await submitNewPassword(page, OWNER_PASSWORD);
      await page.waitForURL(`${server.baseUrl}/console/integrations`);
    });
    afterAll(async () => {
      await chromium?.close();
      await server?.stop();
    });

    /** A screenshot and axe-core on the page as shown; no serious or critical violation allowed. */
    const checkPage = async (name: string) => expect(await chromium.check(name), name).toEqual([]);

    const rowOf = (e164: string) => page.locator(`#dnc-numbers tbody tr[data-phone="${e164}"]`);

    it("is reached from the navigation beside Integrations", async () => {
      const entries = await page.locator("header nav a").allTextContents();
      const integrations = entries.indexOf("Integrations");
      expect(entries.slice(integrations, integrations + 3)).toEqual(["Integrations", "Do not call", "Team"]);
      await page.getByRole("link", { name: "Do not call" }).click();
      await page.waitForURL(`${server.baseUrl}/console/do-not-call`);
      expect(await page.locator("nav [aria-current=page]").textContent()).toBe("Do not call");
    });

    it("refuses a bad number beside the field, then adds one typed for people and shows it in E.164", async () => {
      await page.getByLabel("Phone number").fill("555-1234");
      await page.getByRole("button", { name: "Add to the list" }).click();
      expect(await page.locator("#dnc-phone-error").textContent()).toBe("This is not a valid phone number.");
      expect(await page.getByLabel("Phone number").getAttribute("aria-invalid")).toBe("true");

      await page.getByLabel("Phone number").fill("(415) 555-2671");
      await page.getByLabel("Note (optional)").fill("asked on the phone <b>twice</b>");
      await page.getByRole("button", { name: "Add to the list" }).click();
      await page.waitForURL(/done=added/);
      expect(await page.locator("#dnc-notice").textContent()).toBe(
        "The number is on the list. Pending hand-offs cancelled: 0.",
      );
      const cells = await rowOf("+14155552671").locator("th, td").allTextContents();
      expect(cells.slice(0, 3)).toEqual([
        "+14155552671",
        "(415) 555-2671",
        "asked on the phone <b>twice</b>",
      ]);
      expect(cells.slice(4, 6)).toEqual(["This page", "ana@acme.example"]);
      await checkPage("dnc-en");
    });

    it("removes a number after the confirmation", async () => {
      await rowOf("+14155552671").getByRole("link", { name: "Remove +14155552671" }).click();
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(
        "Remove +14155552671 from the list?",
      );
      await checkPage("dnc-remove-confirm");
      await page.getByRole("button", { name: "Remove from the list" }).click();
      await page.waitForURL(/done=removed/);
      expect(await page.locator("#dnc-notice").textContent()).toBe(
        "The number is off the list. Hand-offs given back: 0.",
      );
      expect(await rowOf("+14155552671").count()).toBe(0);
      const actions = await page.locator("#dnc-history tbody tr td:nth-child(3)").allTextContents();
      expect(actions).toEqual(["Removed", "Added"]);
    });

    it("imports a CSV: the bad line reported by its number and value, the good ones listed", async () => {
      await page.getByLabel("CSV file", { exact: true }).setInputFiles({
        name: "numbers.csv",
        mimeType: "text/csv",
        buffer: Buffer.from("phone,note\n415.555.0150,from the CRM\nnot a phone\n1-415-555-0151,\n"),
      });
      await page.getByRole("button", { name: "Import" }).click();
      await page.locator("#import-report").waitFor();
      expect(await page.locator("#import-report li").allTextContents()).toEqual([
        "Line 3: This is not a valid phone number. not a phone",
      ]);
      expect(await page.locator("#import-report p").first().textContent()).toBe(
        "Imported: 2 new numbers, 0 already on the list. Pending hand-offs cancelled: 0.",
      );
      expect(await rowOf("+14155550150").count()).toBe(1);
      expect(await rowOf("+14155550151").count()).toBe(1);
      await checkPage("dnc-import");
    });

    it("searches and counts the list, and never breaks a number across lines, also 390 px wide", async () => {
      expect(await page.locator("#dnc-count").textContent()).toBe("Numbers on the list: 2.");
      await page.getByLabel("Search numbers or notes").fill("555-0151");
      await page.getByRole("button", { name: "Search" }).click();
      await page.waitForURL(/q=555-0151/);
      expect(await page.locator("#dnc-numbers tbody tr").count()).toBe(1);
      expect(await page.locator("#dnc-count").textContent()).toBe("Numbers matching “555-0151”: 1.");
      await page.setViewportSize({ width: 390, height: 844 });
      const cells = page.locator("#dnc-numbers .number, #dnc-history .number");
      const lines = await cells.evaluateAll((elements) =>
        elements.map((element) => {
          // The text's own line boxes: the cell may be taller when another cell of its row wraps.
          const range = document.createRange();
          range.selectNodeContents(element);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          return { whiteSpace: getComputedStyle(element).whiteSpace, lines: tops.size };
        }),
      );
      expect(lines.length).toBeGreaterThan(2);
      for (const cell of lines) expect(cell).toEqual({ whiteSpace: "nowrap", lines: 1 });
      await checkPage("dnc-search-390");
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole("link", { name: "Do not call" }).click();
    });

    it("speaks Spanish", async () => {
      await page.getByRole("link", { name: "Español" }).click();
      await page.waitForURL(`${server.baseUrl}/console/do-not-call`);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("No llamar");
      await page.getByLabel("Número de teléfono").fill("+1 604 555 0199");
      await page.getByRole("button", { name: "Añadir a la lista" }).click();
      expect(await page.locator("#dnc-phone-error").textContent()).toBe(
        "Solo se pueden añadir números de EE. UU.",
      );
      expect(await rowOf("+14155550150").locator("td").nth(3).textContent()).toBe("Esta página");
      await checkPage("dnc-es");
    });

    it("showed no CSP violation or script error on any page", () => {
      expect(chromium.errors).toEqual([]);
    });
  },
  120_000,
);
