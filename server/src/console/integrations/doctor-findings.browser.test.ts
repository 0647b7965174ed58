// The integration doctor on a token's Recent requests page in a real Chromium against a real server process: a
// sender that posts one lead twice without an idempotency key, its status callbacks delivered by the server to a
// receiver on a socket; the page lists the requests, the deliveries and the doctor's finding with its count and
// snippets, passes axe and is screenshotted on a phone and a desktop in both languages.
import { LEAD_INTAKE_PATH } from "@speed-to-lead/spec";
import { CHROMIUM_PATH } from "@speed-to-lead/tests/harness/console-browser";
import { useSignedInConsole } from "@speed-to-lead/tests/harness/signed-in-console";
import { runCli } from "@speed-to-lead/tests/harness/stl-cli";
import { afterAll, describe, expect, it } from "vitest";

if (!CHROMIUM_PATH) console.warn("doctor browser test skipped: no chromium (apt-get install chromium)");

const CALLBACKS = { DISPATCHER: "on", CALLBACK_ALLOW_PRIVATE: "true" };

describe.skipIf(!CHROMIUM_PATH)("the integration doctor in Chromium", () => {
  const owner = useSignedInConsole("axe-results-doctor.json", CALLBACKS);
  const received: string[] = [];
  const receiver = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(request) {
      received.push(request.headers.get("webhook-id") ?? "");
      return new Response(null, { status: 204 });
    },
  });
  afterAll(() => receiver.stop(true));

  it("shows a retry without an idempotency key beside the token's requests and deliveries", async () => {
    const { page } = owner.chromium;
    await page.getByLabel("Name", { exact: true }).fill("Legacy CRM");
    await page.getByRole("button", { name: "Create token" }).click();
    const secret = page.locator("#new-secret");
    await secret.waitFor();
    const token = (await secret.textContent())!.trim();
    await page.goto(`${owner.server.baseUrl}/console/integrations`);
    await page.getByRole("link", { name: "Recent requests Legacy CRM" }).click();
    const tokenId = new URL(page.url()).pathname.split("/")[4]!;
    const url = `http://127.0.0.1:${receiver.port}/hooks/stl`;
    const set = await runCli(["tokens", "callback", tokenId, "--url", url], { ...owner.env, ...CALLBACKS });
    expect(set.exitCode, set.stderr).toBe(0);

    // A sender retrying a post that timed out, as it was, without a key: two leads. Test leads, never called: each
    // queues its lead.not_called callback.
    const body = JSON.stringify({ phone: "(415) 555-0181", first_name: "Inés", test: true });
    for (let i = 0; i < 2; i++) {
      const answer = await fetch(`${owner.server.baseUrl}${LEAD_INTAKE_PATH}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body,
      });
      expect(answer.status).toBe(201);
    }

    // The log's writer flushes within a second, the callbacks go out at the sender's next poll.
    const finding = page.locator("#doctor-duplicates_without_key");
    await expect
      .poll(
        async () => {
          await page.reload();
          return [
            await page.locator("#recent-requests tbody tr").count(),
            await page.locator("#deliveries tbody tr").count(),
            await finding.count(),
          ];
        },
        { timeout: 20_000 },
      )
      .toEqual([2, 2, 1]);
    expect(received).toHaveLength(2);
    expect(await finding.locator(".basis").textContent()).toBe("Requests it is based on: 2.");
    expect(await finding.locator("pre").first().textContent()).toContain("Idempotency-Key: crm-sub-8812");
    await finding.scrollIntoViewIfNeeded();

    const path = new URL(page.url()).pathname;
    expect(
      await owner.chromium.checkEverywhere(owner.server.baseUrl, path, "doctor", page, {
        bothLanguages: true,
      }),
    ).toEqual([]);
    await page.goto(`${owner.server.baseUrl}/console/language?to=es&back=${encodeURIComponent(path)}`);
    expect(await finding.locator(".basis").textContent()).toBe("Solicitudes en que se basa: 2.");
    expect(await page.content()).not.toContain("555-0181");
    expect(owner.chromium.dialogs).toEqual([]);
    expect(owner.chromium.errors).toEqual([]);
  });
});
