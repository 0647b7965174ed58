// Live inbox streams whose clients never read, on a real server process while leads arrive: resident memory stays
// bounded, stalled streams are dropped, a session holds at most 20, and an old cursor gets "reload".
import { fetchHandle, signInWithLink } from "@speed-to-lead/server/testing/console-client";
import { eventually } from "@speed-to-lead/server/testing/eventually";
import { seedToken } from "@speed-to-lead/server/testing/seed-tokens";
import type { Subprocess } from "bun";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownerSignInLink, startMigratedServers } from "../harness/console-servers.ts";
import { type BackendDatabase, createBackendDatabase } from "../harness/database-backend.ts";
import { sendToIntake } from "../harness/intake-request.ts";
import { residentMiB, samplePeakResident } from "../harness/resident-memory.ts";
import type { ServerProcess } from "../harness/server-process.ts";

const STREAM_PATH = "/console/inbox/events";

describe("inbox streams that never read", () => {
  let database: BackendDatabase;
  let server: ServerProcess;
  let token: string;
  let cookie: string;
  const stalled: Subprocess[] = [];
  beforeAll(async () => {
    database = await createBackendDatabase("postgres");
    [server] = await startMigratedServers(
      { ...database.env, RATE_LIMIT_PER_SECOND: "0", MEMORY_TARGET_MB: "96" },
      1,
    );
    ({ token } = await seedToken(database.env, "acme", "website"));
    const owner = await signInWithLink(fetchHandle, await ownerSignInLink(database.env, server.baseUrl), {
      base: server.baseUrl,
    });
    cookie = [...owner.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  });
  afterAll(async () => {
    for (const reader of stalled) reader.kill("SIGKILL");
    await server?.stop();
    await database?.remove();
  });

  /** Opens a stream with fetch and reads its first event, then cancels it. */
  async function firstEvent(headers: Record<string, string> = {}) {
    const response = await fetch(`${server.baseUrl}${STREAM_PATH}`, { headers: { cookie, ...headers } });
    if (response.status !== 200) return { status: response.status, text: await response.text() };
    const reader = response.body!.getReader();
    let text = "";
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += new TextDecoder().decode(chunk.value);
      if (/event: (leads|reload)[\s\S]*?\n\n/.test(text)) break;
    }
    await reader.cancel();
    return { status: 200, text };
  }

  const longText = "x".repeat(100);
  /** 3,000 leads, 100 at a time, each with long names: an inbox row of about 1.5 KB. */
  async function postLeads(tag: string) {
    for (let batch = 0; batch < 30; batch++) {
      const statuses = await Promise.all(
        Array.from({ length: 100 }, async (_, i) => {
          const response = await sendToIntake(server.baseUrl, {
            token,
            body: { email: `${tag}-${batch}-${i}@example.com`, first_name: longText, last_name: longText },
          });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      expect(statuses.filter((status) => status !== 201)).toEqual([]);
    }
  }

  it("keeps memory bounded while 20 stalled streams miss 6,000 leads, drops them, and caps a session at 20", async () => {
    // The same load without streams first: what the intake itself needs is not counted against the streams.
    await postLeads("warm-up");
    const before = residentMiB(server.pid);
    const peak = samplePeakResident(server.pid);
    // curl stopped by SIGSTOP: it reads nothing, so the server's socket buffers fill and stay full.
    for (let i = 0; i < 20; i++) {
      const reader = Bun.spawn([
        "curl",
        "-sN",
        "-o",
        "/dev/null",
        "-H",
        `cookie: ${cookie}`,
        `${server.baseUrl}${STREAM_PATH}`,
      ]);
      stalled.push(reader);
    }
    await eventually(
      async () => (await fetch(`${server.baseUrl}${STREAM_PATH}`, { headers: { cookie } })).status,
      (status) => status === 429,
    );
    for (const reader of stalled) reader.kill("SIGSTOP");

    // Two rounds: the first fills what the kernel's socket buffers hold (about 10 MB a stream); in the second
    // each stream has stopped pulling, so memory must not grow with what the stalled clients miss.
    await postLeads("stalled-1");
    const firstRoundMiB = peak.stop();
    const secondRound = samplePeakResident(server.pid);
    await postLeads("stalled-2");
    const peakMiB = secondRound.stop();
    expect(peakMiB - firstRoundMiB).toBeLessThan(48);

    // The stalled streams are dropped: the session's slots come free, and a reading stream works again.
    const reopened = await eventually(
      async () =>
        await fetch(`${server.baseUrl}${STREAM_PATH}`, {
          headers: { cookie },
          signal: AbortSignal.timeout(2_000),
        })
          .then((r) => {
            const s = r.status;
            r.body?.cancel();
            return s;
          })
          .catch(() => 0),
      (status) => status === 200,
      90_000,
    );
    expect(reopened).toBe(200);
    console.log(
      `inbox streams: 20 stalled streams: RSS after warm-up ${before.toFixed(0)} MiB, peak ${firstRoundMiB.toFixed(0)} ` +
        `MiB after 3000 missed leads, ${peakMiB.toFixed(0)} MiB after 6000`,
    );
  }, 180_000);

  it("answers an old cursor with a reload event instead of the whole history", async () => {
    const old = `${(Date.now() - 3_600_000) * 1000}.00000000-0000-0000-0000-000000000000`;
    const { status, text } = await firstEvent({ "last-event-id": old });
    expect(status).toBe(200);
    expect(text).toContain("event: reload");
    expect(text).not.toContain("event: leads");
  });
});
