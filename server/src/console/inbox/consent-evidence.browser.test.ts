// The consent evidence on a lead's page in a real Chromium against a real server process: each evidence field
// under its label in English and in Spanish (never its raw key), keys the contract does not define under the
// sender's own names, hostile values inert, and axe-core on both pages. Skipped, and says so, without chromium.

import { createDatabase } from "@speed-to-lead/server/testing/postgres-cluster";
import { seedToken } from "@speed-to-lead/server/testing/seed-tokens";
import { LEAD_INTAKE_PATH } from "@speed-to-lead/spec";
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
import { HOSTILE_SELECTORS, XSS_PAYLOADS } from "../../testing/hostile-leads.ts";

if (!CHROMIUM_PATH)
  console.warn("consent evidence browser test skipped: no chromium (apt-get install chromium)");

const CERTIFICATE = `https://cert.trustedform.com/${"a1b2c3d4".repeat(5)}`;
const LEADID = "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0";

describe.skipIf(!CHROMIUM_PATH)("consent evidence on a lead's page in Chromium", () => {
  let server: ServerProcess;
  let chromium: ConsoleBrowser;
  let leadId: string;
  const dialogs: string[] = [];

  beforeAll(async () => {
    const env = { DATABASE_URL: await createDatabase(inject("postgresAdminUrl")), DISPATCHER: "off" };
    [server] = await startMigratedServers(env, 1);
    const { token } = await seedToken(env, "acme", "Form");
    const response = await fetch(`${server.baseUrl}${LEAD_INTAKE_PATH}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({
        phone: "(415) 555-0199",
        first_name: "Eva",
        consent: {
          source: "webform:/quote",
          reference: "sub_1",
          captured_at: new Date(Date.now() - 60_000).toISOString(),
          trustedform_url: CERTIFICATE,
          leadid_token: LEADID,
          disclosure: `I agree to be called by Acme. ${XSS_PAYLOADS.join(" ")}`,
          sellers: ["Acme Homes", XSS_PAYLOADS[1]],
          page_url: "https://acme.example/quote?step=2",
          ip_address: "2001:db8::7",
          user_agent: XSS_PAYLOADS[0],
          [XSS_PAYLOADS[2]]: XSS_PAYLOADS[3],
        },
      }),
    });
    expect(response.status).toBe(201);
    leadId = ((await response.json()) as { id: string }).id;
    chromium = await openConsoleBrowser("axe-results-consent-evidence.json");
    chromium.page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await chromium.page.goto(await ownerSignInLink(env, server.baseUrl));
    await submitNewPassword(chromium.page, "violet-harbor-42");
    // An account with leads opens on the Inbox.
    await chromium.page.waitForURL(`${server.baseUrl}/console/inbox`);
  }, 90_000);
  afterAll(async () => {
    await chromium?.close();
    await server?.stop();
  });

  /** The evidence list as [label, value] pairs, in the page's order; a list's items joined by " | ". */
  const evidence = () =>
    chromium.page.locator("#consent-evidence dt").evaluateAll((terms) =>
      terms.map((term) => {
        const value = term.nextElementSibling!;
        const items = [...value.querySelectorAll("li")].map((item) => item.textContent);
        return [term.textContent?.trim(), items.length > 0 ? items.join(" | ") : value.textContent?.trim()];
      }),
    );

  it("labels each evidence field in English, in the spec's order, and the sender's own key by its name", async () => {
    const { page } = chromium;
    await page.goto(`${server.baseUrl}/console/inbox/${leadId}`);
    expect(
      await page.locator("#consent-evidence").locator("xpath=preceding-sibling::h3[1]").textContent(),
    ).toBe("Also sent with the consent");
    const shown = await evidence();
    expect(shown.map(([label]) => label)).toEqual([
      "TrustedForm certificate",
      "LeadiD token",
      "Consent text shown",
      "Sellers named",
      "Page where consent was given",
      "IP address",
      "Browser (User-Agent)",
      XSS_PAYLOADS[2],
    ]);
    expect(Object.fromEntries(shown)).toMatchObject({
      "TrustedForm certificate": CERTIFICATE,
      "LeadiD token": LEADID,
      "Sellers named": `Acme Homes | ${XSS_PAYLOADS[1]}`,
      "IP address": "2001:db8::7",
      "Browser (User-Agent)": XSS_PAYLOADS[0],
      [XSS_PAYLOADS[2]]: XSS_PAYLOADS[3],
    });
    expect(await page.locator("#consent-evidence dt code").count()).toBe(1);
    expect(await chromium.check("lead-consent-evidence-en")).toEqual([]);
  });

  it("labels them in Spanish, the values as stored, and no payload became markup", async () => {
    const { page } = chromium;
    await page.getByRole("link", { name: "Español" }).click();
    await page.waitForURL(`${server.baseUrl}/console/inbox/${leadId}`);
    expect(await page.locator("html").getAttribute("lang")).toBe("es");
    const shown = await evidence();
    expect(shown.map(([label]) => label)).toEqual([
      "Certificado de TrustedForm",
      "Token LeadiD",
      "Texto de consentimiento mostrado",
      "Vendedores nombrados",
      "Página donde se dio el consentimiento",
      "Dirección IP",
      "Navegador (User-Agent)",
      XSS_PAYLOADS[2],
    ]);
    expect(shown[0]![1]).toBe(CERTIFICATE);
    expect(await chromium.check("lead-consent-evidence-es")).toEqual([]);

    const found: Record<string, number> = {};
    for (const selector of HOSTILE_SELECTORS) {
      const count = await page.locator(`#consent-evidence ${selector}`).count();
      if (count > 0) found[selector] = count;
    }
    expect(found).toEqual({});
    expect(dialogs).toEqual([]);
    expect(chromium.errors).toEqual([]);
  });
});
