// The create form's scope choice in a real Chromium against a real server process: the radio found by its label,
// each hint tied to its radio, an intake-only token made and used by the page's "Send a test lead", its scope in
// the list, and axe-core on the page. Needs Debian's chromium; skipped, and says so, without it.

import { LEADS_PATH } from "@speed-to-lead/spec";
import { CHROMIUM_PATH } from "@speed-to-lead/tests/harness/console-browser";
import { useSignedInConsole } from "@speed-to-lead/tests/harness/signed-in-console";
import { describe, expect, it } from "vitest";

if (!CHROMIUM_PATH) console.warn("token scope browser test skipped: no chromium (apt-get install chromium)");

describe.skipIf(!CHROMIUM_PATH)("the token scope choice in Chromium", () => {
  const owner = useSignedInConsole("axe-results-token-scope.json");

  it("makes an intake-only token from the form: stl_pk_, posts a test lead, listed as Post only, refused on reads", async () => {
    const { page } = owner.chromium;
    const intake = page.getByRole("radio", { name: "Post leads only (stl_pk_…)" });
    const read = page.getByRole("radio", { name: "Post and read leads (stl_ch_…)" });
    expect([await intake.isChecked(), await read.isChecked()]).toEqual([false, true]);
    // Each hint is the radio's description: a screen reader reads where the token belongs with the choice.
    const hintOf = async (radio: typeof intake) =>
      page.locator(`#${await radio.getAttribute("aria-describedby")}`).textContent();
    expect(await hintOf(intake)).toContain("For a browser form");
    expect(await hintOf(read)).toContain("Never put it in a web page");
    expect(await owner.chromium.check("integrations-scope-choice")).toEqual([]);

    await page.getByLabel("Name", { exact: true }).fill("Landing page");
    await page.getByText("Post leads only (stl_pk_…)").click();
    await page.getByRole("button", { name: "Create token" }).click();
    const secret = page.locator("#new-secret");
    await secret.waitFor();
    const token = (await secret.textContent())!.trim();
    expect(token).toMatch(/^stl_pk_[A-Za-z0-9_-]{43}$/);

    await page.getByRole("button", { name: "Send a test lead" }).click();
    await expect.poll(() => page.locator("[data-answer-status]").textContent()).toBe("Answer: HTTP 201");
    const { id } = JSON.parse((await page.locator("[data-answer-body]").textContent())!);

    const row = page.locator("#token-table tbody tr", {
      has: page.getByRole("rowheader", { name: "Landing page", exact: true }),
    });
    expect(await row.locator("code").textContent()).toBe(`stl_pk_…${token.slice(-4)}`);
    expect(await row.locator("td.scope-intake").textContent()).toBe("Post only");
    expect(await owner.chromium.check("integrations-intake-token")).toEqual([]);

    const refused = await fetch(`${owner.server.baseUrl}${LEADS_PATH}/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect([refused.status, ((await refused.json()) as { code: string }).code]).toEqual([
      403,
      "token_intake_only",
    ]);
    expect(owner.chromium.errors).toEqual([]);
  });
});
