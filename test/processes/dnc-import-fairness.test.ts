// A 100,000-number do-not-call import and page view on a real server process on PGlite (one connection), while
// another account posts leads: the import's result, every other post accepted, the page's size and memory.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type ConsoleClient,
  fetchHandle,
  signInWithLink,
} from "@speed-to-lead/server/testing/console-client";
import { newPgliteFolder } from "@speed-to-lead/server/testing/fresh-pglite";
import { seedToken } from "@speed-to-lead/server/testing/seed-tokens";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerSignInLink } from "../harness/console-servers.ts";
import { sendToIntake } from "../harness/intake-request.ts";
import { residentMiB, samplePeakResident } from "../harness/resident-memory.ts";
import { type ServerProcess, startServerProcess } from "../harness/server-process.ts";

const AREA_CODES = [212, 646, 718, 917, 347, 415, 312, 213, 305, 512];
const NUMBERS = AREA_CODES.length * 10_000;
const PACE_MS = 20;

/** Latency percentiles in ms. */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

describe("a 100,000-number import beside another account's leads, on PGlite", () => {
  const base = mkdtempSync(join(tmpdir(), "stl-dnc-fair-"));
  const env = { PGLITE_DIR: newPgliteFolder(join(base, "data")) };
  let server: ServerProcess;
  let otherToken: string;
  let owner: ConsoleClient;
  beforeAll(async () => {
    // Before the server: the CLI and the server cannot hold the PGlite folder at once.
    ({ token: otherToken } = await seedToken(env, "globex", "website"));
    const link = await ownerSignInLink(env, "http://localhost");
    server = await startServerProcess({ databaseEnv: env, env: { RATE_LIMIT_PER_SECOND: "0" } });
    owner = await signInWithLink(fetchHandle, link, { base: server.baseUrl });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(base, { recursive: true, force: true });
  });

  /**
   * Four senders of the other account posting one lead after another until `done()`, each pausing `PACE_MS` between
   * posts (a steady flow through the import, not a flood: unpaced, the posts cost more CPU than the import); latencies
   * in ms.
   */
  async function otherAccountPosts(done: () => boolean) {
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    await Promise.all(
      Array.from({ length: 4 }, async (_, sender) => {
        for (let i = 0; !done(); i++) {
          const started = performance.now();
          const response = await sendToIntake(server.baseUrl, {
            token: otherToken,
            body: { email: `s${sender}-${i}-${crypto.randomUUID()}@example.com` },
          });
          await response.arrayBuffer();
          latencies.push(performance.now() - started);
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          await Bun.sleep(PACE_MS);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    return { latencies, statuses: Object.fromEntries(statuses) };
  }

  it("imports every number while each of the other account's posts is accepted; the page stays small", async () => {
    let quiet = 0;
    const baseline = await otherAccountPosts(() => ++quiet > 100);
    expect(baseline.statuses).toEqual({ 201: baseline.latencies.length });

    const lines = ["phone,note"];
    for (const area of AREA_CODES)
      for (let i = 0; i < 10_000; i++) lines.push(`(${area}) 555-${String(i).padStart(4, "0")},bulk`);
    const form = new FormData();
    form.set("_csrf", owner.csrf!);
    form.set("file", new File([lines.join("\n")], "numbers.csv", { type: "text/csv" }));
    const cookie = [...owner.cookies].map(([name, value]) => `${name}=${value}`).join("; ");

    const before = residentMiB(server.pid);
    const peak = samplePeakResident(server.pid);
    let importing = true;
    const during = otherAccountPosts(() => !importing);
    const started = performance.now();
    const imported = await fetch(`${server.baseUrl}/console/do-not-call/import`, {
      method: "POST",
      headers: { cookie },
      body: form,
    });
    const importHtml = await imported.text();
    const importMs = performance.now() - started;
    // Then a page view (and its count over 100,000 numbers) while the other account still posts.
    const pageStarted = performance.now();
    const page = await fetch(`${server.baseUrl}/console/do-not-call`, { headers: { cookie } });
    const pageBytes = (await page.arrayBuffer()).byteLength;
    const pageMs = performance.now() - pageStarted;
    importing = false;
    const posts = await during;
    const peakMiB = peak.stop();

    expect(imported.status).toBe(200);
    expect(importHtml.replaceAll(",", "")).toMatch(/Imported: 100000 new numbers 0 already on the list/);
    expect(importHtml).not.toContain("Lines refused");
    expect(page.status).toBe(200);
    expect(posts.statuses).toEqual({ 201: posts.latencies.length });
    const pageHtml = await (
      await fetch(`${server.baseUrl}/console/do-not-call`, { headers: { cookie } })
    ).text();
    expect([...pageHtml.matchAll(/<tr data-phone=/g)]).toHaveLength(100);
    expect(pageHtml.replaceAll(",", "")).toContain(`Numbers on the list: ${NUMBERS}.`);
    expect(pageBytes).toBeLessThan(200_000);
    console.log(
      `dnc import: ${NUMBERS} numbers in ${(importMs / 1000).toFixed(1)} s; page ${pageBytes} bytes in ${pageMs.toFixed(0)} ms; ` +
        `other account's posts: baseline p50 ${percentile(baseline.latencies, 0.5).toFixed(1)} ms p99 ${percentile(baseline.latencies, 0.99).toFixed(1)} ms ` +
        `(${baseline.latencies.length}), during import and page view p50 ${percentile(posts.latencies, 0.5).toFixed(1)} ms ` +
        `p99 ${percentile(posts.latencies, 0.99).toFixed(1)} ms max ${posts.latencies.at(-1)?.toFixed(1)} ms (${posts.latencies.length} posts); ` +
        `RSS ${before.toFixed(0)} → peak ${peakMiB.toFixed(0)} MiB`,
    );
  }, 300_000);
});
