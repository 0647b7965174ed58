// The packed SDK (npm pack's tarball) in a real Chromium page, from another origin than the real server's: a
// cross-origin post and dry run, a retry through the CORS preflight, a keepalive post that outlives the page,
// an intake-only token refused on reads, aborts and instanceof in the browser, no environment, unhandled
// rejections and the warning for a token that may read.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLeadClient, findLead } from "@speed-to-lead/sdk";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_PATH } from "../harness/console-browser.ts";
import { useLeadServer } from "../harness/lead-server-fixture.ts";

if (!CHROMIUM_PATH) console.warn("SDK browser test skipped: no chromium (apt-get install chromium)");

/**
 * The main entry as published: packed by npm from the built sdk/, unpacked, read. It imports nothing, so a
 * page loads the file itself, unbundled.
 */
function packedSdkModule(): string {
  const folder = mkdtempSync(join(tmpdir(), "stl-sdk-packed-"));
  try {
    const sdkRoot = join(import.meta.dirname, "../../sdk");
    const pack = spawnSync("npm", ["pack", "--json", "--pack-destination", folder], { cwd: sdkRoot });
    if (pack.status !== 0) throw new Error(`npm pack failed: ${pack.stderr}`);
    const [{ filename }] = JSON.parse(String(pack.stdout)) as [{ filename: string }];
    spawnSync("tar", ["-xzf", join(folder, filename), "-C", folder]);
    const text = readFileSync(join(folder, "package/dist/index.mjs"), "utf8");
    if (/^import /m.test(text))
      throw new Error("the SDK's main entry imports a package: bundle it for the page");
    return text;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe.skipIf(!CHROMIUM_PATH)("the SDK in Chromium against the real server", () => {
  const server = useLeadServer("pglite", {
    tokens: { main: "acme", form: "acme" },
    intakeOnly: ["form"],
    env: { CORS_ALLOWED_ORIGINS: "*" },
  });
  let pages: ReturnType<typeof Bun.serve> | undefined;
  /** In front of the server: its first intake post of a run answers 503 (with CORS), everything else goes through. */
  let flaky: ReturnType<typeof Bun.serve> | undefined;
  const flakySeen: string[] = [];
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    const bundle = packedSdkModule();
    let refused = false;
    flaky = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      async fetch(request) {
        const url = new URL(request.url);
        flakySeen.push(`${request.method} ${request.headers.get("x-stl-retry-count") ?? "-"}`);
        if (request.method === "POST" && !refused) {
          refused = true;
          const headers = { "access-control-allow-origin": "*", "content-type": "application/problem+json" };
          return new Response(JSON.stringify({ code: "unavailable", status: 503, detail: "Restarting." }), {
            status: 503,
            headers: { ...headers, "retry-after": "1" },
          });
        }
        const body =
          request.method === "GET" || request.method === "OPTIONS" ? null : await request.arrayBuffer();
        return fetch(`${server.baseUrl}${url.pathname}${url.search}`, {
          method: request.method,
          headers: request.headers,
          body,
        });
      },
    });
    // The page's own origin (another port than the server's): every call is cross-origin, as from a customer's site.
    pages = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch: (request) =>
        new URL(request.url).pathname === "/sdk.mjs"
          ? new Response(bundle, { headers: { "content-type": "text/javascript" } })
          : new URL(request.url).pathname === "/thanks"
            ? new Response("<!doctype html><title>thanks</title><p>Thanks", {
                headers: { "content-type": "text/html" },
              })
            : new Response(
                `<!doctype html><title>form</title><script type="module">import * as sdk from "/sdk.mjs"; window.sdk = sdk;</script>`,
                { headers: { "content-type": "text/html" } },
              ),
    });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox"] });
    page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${pages.port}/`);
    await page.waitForFunction(() => "sdk" in window);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    pages?.stop(true);
    flaky?.stop(true);
  });

  type Sdk = typeof import("@speed-to-lead/sdk");
  const inPage = <Result, Arg>(run: (sdk: Sdk, arg: Arg) => Promise<Result> | Result, arg: Arg) =>
    page.evaluate(
      ([source, value]) => {
        const sdk = (window as unknown as { sdk: Sdk }).sdk;
        return new Function("sdk", "arg", `return (${source})(sdk, arg);`)(sdk, value);
      },
      [run.toString(), arg] as const,
    ) as Promise<Result>;

  it("posts a lead cross-origin and reads it back, with the request id the server exposes", async () => {
    const outcome = await inPage(
      async (sdk, { baseUrl, token }) => {
        const client = sdk.createLeadClient({ baseUrl, token });
        const result = await client.postLead({ email: "browser@example.com" });
        const status = await sdk.getLead(client, result.id);
        return { created: result.created, requestId: result.requestId, email: status.lead.email };
      },
      { baseUrl: server.baseUrl, token: server.tokens.main.token },
    );
    expect(outcome).toMatchObject({ created: true, email: "browser@example.com" });
    expect(outcome.requestId).toEqual(expect.any(String));
  });

  it("a dry run cross-origin with an intake-only token is marked dryRun; its reads are PermissionDeniedError", async () => {
    const outcome = await inPage(
      async (sdk, { baseUrl, token }) => {
        const client = sdk.createLeadClient({ baseUrl, token, maxRetries: 0 });
        const key = { platform: "web", external_lead_id: "browser-dry-1" };
        const dry = await client.postLead({ ...key, email: "dry@example.com" }, { dryRun: true });
        const real = await client.postLead({ ...key, email: "dry@example.com" });
        const reads = await Promise.all([
          sdk.getLead(client, real.id).catch((caught: unknown) => caught),
          sdk.findLead(client, key).catch((caught: unknown) => caught),
        ]);
        // What the page's script may see of a read's answer: ETag must be exposed for a conditional read.
        const read = await fetch(`${baseUrl}/api/speed-to-lead/leads/${real.id}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return {
          dry: { dryRun: dry.dryRun, created: dry.created },
          real: { dryRun: real.dryRun, created: real.created },
          reads: reads.map((error) => ({
            denied: error instanceof sdk.PermissionDeniedError,
            status: (error as { status?: number }).status,
            code: (error as { code?: string }).code,
          })),
          wwwAuthenticate: read.headers.get("www-authenticate"),
        };
      },
      { baseUrl: server.baseUrl, token: server.tokens.form.token },
    );
    const denied = { denied: true, status: 403, code: "token_intake_only" };
    expect(outcome).toEqual({
      dry: { dryRun: true, created: true },
      real: { dryRun: false, created: true },
      reads: [denied, denied],
      wwwAuthenticate: 'Bearer realm="speed-to-lead", error="insufficient_scope"',
    });
  });

  it("a page reads a lead's ETag and gets 304 back for it (ETag exposed, If-None-Match allowed)", async () => {
    const outcome = await inPage(
      async (sdk, { baseUrl, token }) => {
        const posted = await sdk.createLeadClient({ baseUrl, token }).postLead({ email: "etag@example.com" });
        const url = `${baseUrl}/api/speed-to-lead/leads/${posted.id}`;
        const authorization = `Bearer ${token}`;
        // The lead's hand-off may change it (and its ETag) between two reads: try until it holds still.
        for (let attempt = 0; attempt < 50; attempt++) {
          const etag = (await fetch(url, { headers: { authorization } })).headers.get("etag");
          if (!etag) return "no ETag visible";
          const again = await fetch(url, { headers: { authorization, "if-none-match": etag } });
          if (again.status === 304) return 304;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return "never 304";
      },
      { baseUrl: server.baseUrl, token: server.tokens.main.token },
    );
    expect(outcome).toBe(304);
  });

  it("an aborted call is a UserAbortError; a DOMException passes no guard and no instanceof throws", async () => {
    const outcome = await inPage(
      async (sdk, { baseUrl, token }) => {
        const controller = new AbortController();
        const call = sdk.createLeadClient({ baseUrl, token }).postLead(
          { email: "a@example.com" },
          {
            signal: controller.signal,
          },
        );
        controller.abort();
        const error = await call.catch((caught: unknown) => caught);
        const dom = new DOMException("stop", "AbortError");
        return {
          name: (error as Error).name,
          isAbort: error instanceof sdk.UserAbortError,
          isSdk: sdk.isSpeedToLeadError(error),
          causeName: ((error as Error).cause as DOMException).name,
          domPasses: [
            dom instanceof sdk.SpeedToLeadError,
            dom instanceof sdk.ConnectionError,
            sdk.isSpeedToLeadError(dom),
            sdk.isLeadIntakeError(dom),
            sdk.isConnectionError(dom),
          ],
        };
      },
      { baseUrl: server.baseUrl, token: server.tokens.main.token },
    );
    expect(outcome).toEqual({
      name: "UserAbortError",
      isAbort: true,
      isSdk: true,
      causeName: "AbortError",
      domPasses: [false, false, false, false, false],
    });
  });

  it("a host that does not answer is a ConnectionError; without baseUrl there is no environment to fall back on", async () => {
    const outcome = await inPage(async (sdk) => {
      const dead = sdk.createLeadClient({ baseUrl: "http://127.0.0.1:9", token: "stl_pk_x", maxRetries: 0 });
      const error = await dead.postLead({ email: "a@example.com" }).catch((caught: unknown) => caught);
      let missing = "";
      try {
        sdk.createLeadClient({ token: "stl_pk_x" });
      } catch (caught) {
        missing = String(caught);
      }
      return { connection: error instanceof sdk.ConnectionError, missing };
    }, undefined);
    expect(outcome.connection).toBe(true);
    expect(outcome.missing).toMatch(/TypeError: .*STL_BASE_URL/);
  });

  it("a 503 before the preflight's answer: retried through a new preflight with X-STL-Retry-Count, one lead", async () => {
    const outcome = await inPage(
      async (sdk, { baseUrl, token }) => {
        const client = sdk.createLeadClient({ baseUrl, token });
        const result = await client.postLead({ email: "retry@example.com" });
        return { created: result.created, attempts: result.attempts, key: result.idempotencyKey };
      },
      { baseUrl: `http://127.0.0.1:${flaky!.port}`, token: server.tokens.main.token },
    );
    expect(outcome).toMatchObject({ created: true, attempts: 2 });
    // The preflight let the retry's header through: the second post carried it.
    expect(flakySeen.filter((line) => line.startsWith("POST"))).toEqual(["POST -", "POST 1"]);
    expect(flakySeen).toContain("OPTIONS -");
  });

  it("a keepalive post outlives the page: the form navigates away at once and the lead is stored", async () => {
    const external = `keepalive-${crypto.randomUUID()}`;
    const form = await browser!.newPage();
    await form.goto(page.url());
    await form.waitForFunction(() => "sdk" in window);
    await Promise.all([
      form.waitForURL("**/thanks"),
      form.evaluate(
        ({ baseUrl, token, external }) => {
          const sdk = (window as unknown as { sdk: Sdk }).sdk;
          const client = sdk.createLeadClient({
            baseUrl,
            token,
            fetch: (request) => {
              // Kept across the navigation (same origin), read on the next page.
              sessionStorage.setItem("keepalive", String(request.keepalive));
              return fetch(request);
            },
          });
          void client.postLead(
            { email: "bye@example.com", platform: "web", external_lead_id: external },
            { keepalive: true },
          );
          location.href = "/thanks";
        },
        { baseUrl: server.baseUrl, token: server.tokens.main.token, external },
      ),
    ]);
    expect(await form.evaluate(() => sessionStorage.getItem("keepalive"))).toBe("true");
    await form.close();
    const reader = createLeadClient({ baseUrl: server.baseUrl, token: server.tokens.main.token });
    for (let attempt = 0; ; attempt++) {
      const found = await findLead(reader, { platform: "web", external_lead_id: external }).catch((e) => e);
      if (!(found instanceof Error)) {
        expect(found.lead.email).toBe("bye@example.com");
        break;
      }
      if (attempt > 50) throw found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it("a failing postLead nobody awaits fires unhandledrejection; an awaited withResponse() does not", async () => {
    const seen = await inPage(
      async (sdk, { baseUrl }) => {
        const reasons: string[] = [];
        window.addEventListener("unhandledrejection", (event) => reasons.push(event.reason?.name));
        const client = sdk.createLeadClient({ baseUrl, token: "stl_pk_not_a_real_token", maxRetries: 0 });
        await client
          .postLead({ email: "a@example.com" })
          .withResponse()
          .catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, 100));
        const quiet = [...reasons];
        client.postLead({ email: "a@example.com" });
        await new Promise((resolve) => setTimeout(resolve, 500));
        return { quiet, loud: reasons };
      },
      { baseUrl: server.baseUrl },
    );
    expect(seen).toEqual({ quiet: [], loud: ["AuthenticationError"] });
  });

  it("warns once per page when given a token that may read (stl_ch_), never for an intake-only one", async () => {
    // A fresh page: the SDK's "once" is per loaded copy.
    const fresh = await browser!.newPage();
    const lines: string[] = [];
    fresh.on("console", (message) => lines.push(`${message.type()}: ${message.text()}`));
    await fresh.goto(page.url());
    await fresh.waitForFunction(() => "sdk" in window);
    await fresh.evaluate(
      ({ baseUrl, token }) => {
        const sdk = (window as unknown as { sdk: Sdk }).sdk;
        sdk.createLeadClient({ baseUrl, token: "stl_pk_intake_only" });
        sdk.createLeadClient({ baseUrl, token });
        sdk.createLeadClient({ baseUrl, token });
      },
      { baseUrl: server.baseUrl, token: server.tokens.main.token },
    );
    await fresh.close();
    expect(server.tokens.main.token.startsWith("stl_ch_")).toBe(true);
    const warnings = lines.filter((line) => line.includes("may read leads"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^warning: .*stl_pk_/);
  });
});
