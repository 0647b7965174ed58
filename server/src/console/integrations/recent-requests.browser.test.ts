// A token's Recent requests in a real Chromium against a real server process: requests made through the SDK (one
// accepted, one refused with 422, one read of a hostile path) listed once the server's writer flushed them, the
// status filter, a row opened to its detail; axe-core and a screenshot of each page on a phone and a desktop in both
// languages, no CSP violation, no payload run, and no phone, email or name of a post on any page.
import { createLeadClient, getLead, ValidationError } from "@speed-to-lead/sdk";
import { LEADS_PATH } from "@speed-to-lead/spec";
import { CHROMIUM_PATH } from "@speed-to-lead/tests/harness/console-browser";
import { useSignedInConsole } from "@speed-to-lead/tests/harness/signed-in-console";
import { describe, expect, it } from "vitest";

if (!CHROMIUM_PATH)
  console.warn("recent requests browser test skipped: no chromium (apt-get install chromium)");

const POSTED = { phone: "(415) 555-0163", email: "ines.marquez@example.com", first: "Inés", last: "Márquez" };

describe.skipIf(!CHROMIUM_PATH)("a token's recent requests in Chromium", () => {
  const owner = useSignedInConsole("axe-results-recent-requests.json");

  it("lists the token's requests, filters them and opens one, escaped and without a lead's values", async () => {
    const { page } = owner.chromium;
    await page.getByLabel("Name", { exact: true }).fill("CRM sync");
    await page.getByRole("button", { name: "Create token" }).click();
    const secret = page.locator("#new-secret");
    await secret.waitFor();
    const token = (await secret.textContent())!.trim();

    const client = createLeadClient({ baseUrl: owner.server.baseUrl, token, maxRetries: 0 });
    const lead = {
      phone: POSTED.phone,
      email: POSTED.email,
      first_name: POSTED.first,
      last_name: POSTED.last,
    };
    await client.postLead(lead);
    expect(await client.postLead({ ...lead, email: "ines@" }).catch((error) => error)).toBeInstanceOf(
      ValidationError,
    );
    await getLead(client, "<img src=x onerror=alert(document.domain)>").catch(() => undefined);
    await fetch(`${owner.server.baseUrl}${LEADS_PATH}/'><svg onload=alert(1)>`, {
      headers: { authorization: `Bearer ${token}` },
    });

    await page.goto(`${owner.server.baseUrl}/console/integrations`);
    await page.getByRole("link", { name: "Recent requests CRM sync" }).click();
    // The writer flushes within a second: reload until the four requests are listed.
    const rows = page.locator("#recent-requests tbody tr");
    await expect
      .poll(
        async () => {
          await page.reload();
          return await rows.count();
        },
        { timeout: 10_000 },
      )
      .toBe(4);
    const path = new URL(page.url()).pathname;
    expect(await owner.chromium.checkEverywhere(owner.server.baseUrl, path, "recent-requests")).toEqual([]);
    expect(await rows.locator("td:nth-of-type(2)").allTextContents()).toEqual(["404", "404", "422", "201"]);

    await page.getByLabel("Status", { exact: true }).selectOption("422");
    await page.getByRole("button", { name: "Show" }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.locator("td:nth-of-type(3)").textContent()).toBe("validation_failed");
    expect(await owner.chromium.check("recent-requests-422")).toEqual([]);

    await rows.getByRole("link", { name: /^Open the request of .*, status 422$/ }).click();
    await page.locator("#request-detail").waitFor();
    expect(await page.locator("#request-detail").textContent()).toContain("/email");
    expect(await page.locator("#request-body tbody th").allTextContents()).toEqual([
      "/phone",
      "/email",
      "/first_name",
      "/last_name",
    ]);
    const detailPath = new URL(page.url()).pathname;
    expect(await owner.chromium.checkEverywhere(owner.server.baseUrl, detailPath, "request-detail")).toEqual(
      [],
    );

    for (const shown of [path, detailPath]) {
      await page.goto(`${owner.server.baseUrl}${shown}`);
      const text = await page.content();
      for (const value of ["555-0163", "5550163", "ines.marquez", "Inés", "Márquez", "example.com"])
        expect(text, shown).not.toContain(value);
    }
    expect(owner.chromium.dialogs).toEqual([]);
    expect(owner.chromium.errors).toEqual([]);
  });
});
