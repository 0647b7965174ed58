// The interactive reference at /api/docs, rendered by a real headless Chromium against a real server process.
// Needs Debian's chromium (.ci/run installs it); on a machine without it the suite is skipped, and says so.

import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { newPgliteFolder } from "@speed-to-lead/server/testing/fresh-pglite";
import { CHROMIUM_PATH as chromium } from "@speed-to-lead/tests/harness/console-browser";
import {
  type ServerProcess,
  startServerProcess,
  untilReady,
} from "@speed-to-lead/tests/harness/server-process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

if (!chromium) console.warn("docs page browser test skipped: no chromium (apt-get install chromium)");

/** The page's DOM after its scripts ran: Swagger UI fetches the document and renders each operation. */
function renderedDom(url: string): string {
  const profile = mkdtempSync(join(tmpdir(), "stl-chromium-"));
  try {
    const result = spawnSync(
      chromium!,
      [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        `--user-data-dir=${profile}`,
        "--virtual-time-budget=15000",
        "--dump-dom",
        url,
      ],
      { encoding: "utf8", timeout: 60_000 },
    );
    return result.stdout;
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

describe.skipIf(!chromium)("API reference page in a real browser", () => {
  let server: ServerProcess;
  const base = mkdtempSync(join(tmpdir(), "stl-docs-page-"));

  beforeAll(async () => {
    // A copy of the run's migrated PGlite: an in-memory one ran initdb in the server (7 s of CPU).
    server = await startServerProcess({
      env: { PGLITE_DIR: newPgliteFolder(join(base, "data")), DISPATCHER: "off" },
      until: "listening",
    });
    await untilReady(server);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(base, { recursive: true, force: true });
  });

  it("renders every operation of the served document from local assets (no CDN)", () => {
    const dom = renderedDom(`${server.baseUrl}/api/docs`);
    expect(dom).toContain("Speed-to-Lead intake API");
    expect(dom).toMatch(/opblock-summary-description">Post a lead</);
    expect(dom).toMatch(/opblock-summary-description">Get this OpenAPI document</);
    expect(dom).toContain("/api/speed-to-lead/channel-inbound.php");
  }, 90_000);

  it("renders the Spanish document first for a Spanish reader", () => {
    const dom = renderedDom(`${server.baseUrl}/api/docs?lang=es`);
    expect(dom).toMatch(/opblock-summary-description">Enviar un prospecto</);
    expect(dom).toContain("API de recepción de Speed-to-Lead");
  }, 90_000);
});
