// A token's status-callback controls in a real Chromium against a real server process: the paused banner with its
// Resume, the paused state in the delivery log, the "Recover since" form refused beside its field and then accepted;
// axe-core and screenshots of each state on a phone and a desktop in English and Spanish, no CSP violation.
import { CHROMIUM_PATH } from "@speed-to-lead/tests/harness/console-browser";
import { useSignedInConsole } from "@speed-to-lead/tests/harness/signed-in-console";
import { describe, expect, it } from "vitest";

if (!CHROMIUM_PATH)
  console.warn("callback recovery browser test skipped: no chromium (apt-get install chromium)");

describe.skipIf(!CHROMIUM_PATH)("a token's status-callback controls in Chromium", () => {
  const owner = useSignedInConsole("axe-results-callback-recovery.json");

  it("shows the paused banner, resumes in one click, and refuses a bad period beside its field", async () => {
    const { page } = owner.chromium;
    await page.getByLabel("Name", { exact: true }).fill("CRM hooks");
    await page.getByRole("button", { name: "Create token" }).click();
    await page.locator("#new-secret").waitFor();
    await page.goto(`${owner.server.baseUrl}/console/integrations`);
    await page.getByRole("link", { name: "Recent requests CRM hooks" }).click();
    const path = new URL(page.url()).pathname;
    const tokenId = path.split("/")[4]!;

    // The state a day of failures leaves (the rule itself is tested in callback-pause.db.test.ts): a URL, a callback
    // whose last attempt failed and waits, and the pause.
    const sql = new Bun.SQL(owner.env.DATABASE_URL, { max: 1 });
    try {
      await sql`update channel_tokens set callback_url = 'https://crm.example.com/hook', callback_secret = 'whsec_dGVzdA==',
        callbacks_failing_since = now() - interval '25 hours', callbacks_paused_at = now() where id = ${tokenId}`;
      const [callback] =
        await sql`insert into status_callbacks (id, lead_id, channel_token_id, type, attempts)
        values (gen_random_uuid(), gen_random_uuid(), ${tokenId}, 'lead.missed', 3) returning id`;
      await sql`insert into callback_attempts (callback_id, channel_token_id, attempt, event, url, status, latency_ms,
          answer_head, error, next_attempt_at)
        values (${callback.id}, ${tokenId}, 3, 'lead.missed', 'https://crm.example.com/hook', 503, 41.5,
          'down for maintenance', 'answered 503', now() + interval '1 hour')`;
    } finally {
      await sql.close();
    }

    await page.reload();
    await expect
      .poll(() => page.locator("#callbacks-paused h2").textContent())
      .toBe("Status callbacks paused");
    expect(await page.locator("#deliveries .needs-owner").textContent()).toBe("paused: waits for Resume");
    expect(
      await owner.chromium.checkEverywhere(owner.server.baseUrl, path, "callbacks-paused", page, {
        bothLanguages: true,
      }),
    ).toEqual([]);

    await page.getByLabel("From", { exact: true }).fill("2026-02-30 10:00");
    await page.getByRole("button", { name: "Send these callbacks again" }).click();
    await page.locator("#recover-from-error").waitFor();
    expect(await page.locator("#recover-from-error").textContent()).toBe(
      "Enter a time such as 2026-11-27 14:00.",
    );
    expect(await page.getByLabel("From", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    expect(await owner.chromium.check("callbacks-recover-refused")).toEqual([]);

    await page
      .getByLabel("From", { exact: true })
      .fill(new Date(Date.now() - 3_600_000).toISOString().slice(0, 16));
    await page.getByRole("button", { name: "Send these callbacks again" }).click();
    await page.locator("#callbacks-confirmation").waitFor();
    expect(await page.locator("#callbacks-confirmation").textContent()).toBe(
      "0 status callbacks queued again (1 in the period; those still queued were left).",
    );

    await page.getByRole("button", { name: "Resume status callbacks" }).click();
    await page.locator("#callbacks-confirmation").waitFor();
    expect(await page.locator("#callbacks-confirmation").textContent()).toBe(
      "Status callbacks resumed: the kept ones are being sent.",
    );
    expect(await page.locator("#callbacks-paused").count()).toBe(0);
    expect(await owner.chromium.check("callbacks-resumed")).toEqual([]);
    expect(owner.chromium.errors).toEqual([]);
  });
});
