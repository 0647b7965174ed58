// Status callbacks on a real server process beside hostile receivers (one streams an endless answer, one never
// answers): a healthy receiver's callbacks all arrive, each hostile destination holds at most its own slots,
// memory stays flat; a cleared URL closes the queue; private destinations are refused when set.
import { afterAll, describe, expect, it } from "vitest";
import { sendToIntake } from "../harness/intake-request.ts";
import { useLeadServer } from "../harness/lead-server-fixture.ts";
import { residentMiB, samplePeakResident } from "../harness/resident-memory.ts";
import { runCli } from "../harness/stl-cli.ts";

const LEADS_PER_TOKEN = 30;
const PER_DESTINATION = 2;

/** A healthy receiver in this process: acknowledges each callback and keeps its webhook-id. */
function healthyReceiver() {
  const webhookIds = new Set<string>();
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      await request.text();
      webhookIds.add(request.headers.get("webhook-id") ?? "");
      return new Response(null, { status: 204 });
    },
  });
  return { url: `http://127.0.0.1:${server.port}/hook`, webhookIds, stop: () => server.stop(true) };
}

/**
 * A hostile receiver on raw TCP, so that every connection's close is seen: `open` is exactly how many requests
 * the sender holds in flight to it. "hang" reads each request and never answers; "endless" answers 200 with a
 * chunked body that never ends, written as fast as the sender reads.
 */
function hostileReceiver(behaviour: "hang" | "endless") {
  const stats = { open: 0, peakOpen: 0, requests: 0 };
  const frame = Buffer.concat([Buffer.from("10000\r\n"), Buffer.alloc(0x10000, 120), Buffer.from("\r\n")]);
  type Socket = Bun.Socket<{ answered: boolean; closed: boolean }>;
  // Writes until the socket's buffer is full, then again a moment later: no end, until the sender hangs up.
  const pump = (socket: Socket) => {
    if (socket.data.closed) return;
    for (let i = 0; i < 16; i++) if (socket.write(frame) < frame.length) break;
    setTimeout(() => pump(socket), 1);
  };
  const listener = Bun.listen<{ answered: boolean; closed: boolean }>({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      open(socket) {
        socket.data = { answered: false, closed: false };
        stats.open++;
        stats.peakOpen = Math.max(stats.peakOpen, stats.open);
      },
      data(socket, data) {
        if (!data.includes("webhook-id") || socket.data.answered) return;
        stats.requests++;
        if (behaviour === "hang") return;
        socket.data.answered = true;
        socket.write("HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ntransfer-encoding: chunked\r\n\r\n");
        pump(socket);
      },
      close(socket) {
        socket.data.closed = true;
        stats.open--;
      },
    },
  });
  return { url: `http://127.0.0.1:${listener.port}/hook`, stats, stop: () => listener.stop(true) };
}

describe("status callbacks beside hostile receivers", () => {
  const healthy = healthyReceiver();
  const endless = hostileReceiver("endless");
  const hanging = hostileReceiver("hang");
  afterAll(() => {
    for (const target of [healthy, endless, hanging]) target.stop();
  });
  const server = useLeadServer("postgres", {
    tokens: { healthy: "acme", endless: "acme", hanging: "acme" },
    callbacks: { healthy: healthy.url, endless: endless.url, hanging: hanging.url },
    env: {
      CALLBACK_TIMEOUT_MS: "3000",
      CALLBACK_CONCURRENCY: "8",
      CALLBACK_PER_DESTINATION: String(PER_DESTINATION),
      DISPATCHER_POLL_MS: "200",
      LOG_LEVEL: "error",
    },
  });

  const postLeads = (token: string, tag: string) =>
    Promise.all(
      Array.from({ length: LEADS_PER_TOKEN }, async (_, i) => {
        const response = await sendToIntake(server.baseUrl, {
          token,
          body: { email: `${tag}-${i}@example.com` },
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );

  it("delivers every healthy callback while hostile receivers hold only their own slots", async () => {
    const before = residentMiB(server.processes[0]!.pid);
    const peak = samplePeakResident(server.processes[0]!.pid);
    // The hostile tokens' leads first: their callbacks are due before the healthy ones.
    expect(await postLeads(server.tokens.endless.token, "endless")).toEqual(Array(LEADS_PER_TOKEN).fill(201));
    expect(await postLeads(server.tokens.hanging.token, "hanging")).toEqual(Array(LEADS_PER_TOKEN).fill(201));
    const started = performance.now();
    expect(await postLeads(server.tokens.healthy.token, "healthy")).toEqual(Array(LEADS_PER_TOKEN).fill(201));
    for (const deadline = Date.now() + 60_000; healthy.webhookIds.size < LEADS_PER_TOKEN; await Bun.sleep(50))
      if (Date.now() > deadline) break;
    const allArrivedMs = performance.now() - started;
    // Past the hanging receiver's first timeouts: its next callbacks take the freed slots, still two at most.
    for (
      const deadline = Date.now() + 30_000;
      hanging.stats.requests < 2 * PER_DESTINATION;
      await Bun.sleep(50)
    )
      if (Date.now() > deadline) break;
    const peakMiB = peak.stop();

    expect(healthy.webhookIds.size).toBe(LEADS_PER_TOKEN);
    expect(hanging.stats.requests).toBeGreaterThanOrEqual(2 * PER_DESTINATION);
    expect(endless.stats.requests).toBeGreaterThan(0);
    expect(hanging.stats.peakOpen).toBeLessThanOrEqual(PER_DESTINATION);
    // The endless receiver sees a cancelled answer's close only after its own pump's next tick, while the
    // sender may already have opened the slot's next request: one connection can overlap for that moment.
    // The hanging receiver, whose connections end only by the sender's timeout, shows the bound exactly.
    expect(endless.stats.peakOpen).toBeLessThanOrEqual(PER_DESTINATION + 1);
    expect(peakMiB - before).toBeLessThan(100);
    console.log(
      `callbacks: ${LEADS_PER_TOKEN} healthy callbacks arrived ${allArrivedMs.toFixed(0)} ms after their leads' posts began; ` +
        `hanging receiver ${hanging.stats.requests} requests (peak ${hanging.stats.peakOpen} open), endless ${endless.stats.requests} ` +
        `(peak ${endless.stats.peakOpen}); RSS ${before.toFixed(0)} → peak ${peakMiB.toFixed(0)} MiB`,
    );
  });

  it("closes a token's queued callbacks when its URL is cleared", async () => {
    const sql = new Bun.SQL(server.database.env.DATABASE_URL!, { max: 1 });
    try {
      const [queued] = await sql`select count(*)::int as n from status_callbacks
        where channel_token_id = ${server.tokens.hanging.id} and status = 'pending'`;
      expect(queued.n).toBeGreaterThan(0);
      const cleared = await runCli(
        ["tokens", "callback", server.tokens.hanging.id, "--clear"],
        server.database.env,
      );
      expect(cleared.exitCode).toBe(0);
      const rows = await sql`select status, last_error, count(*)::int as n from status_callbacks
        where channel_token_id = ${server.tokens.hanging.id} group by status, last_error`;
      expect(rows.filter((row: { status: string }) => row.status === "pending")).toEqual([]);
      expect(rows).toContainEqual({
        status: "failed",
        last_error: "the token's callback URL was cleared",
        n: expect.any(Number),
      });
    } finally {
      await sql.close();
    }
  });

  it("refuses a private destination when it is set, in any spelling, unless CALLBACK_ALLOW_PRIVATE allows it", async () => {
    for (const url of [
      "http://2130706433/hook",
      "http://0177.0.0.1/hook",
      "http://[::ffff:127.0.0.1]/hook",
      "http://169.254.169.254/",
    ]) {
      const refused = await runCli(
        ["tokens", "callback", server.tokens.endless.id, "--url", url],
        server.database.env,
      );
      expect(refused.exitCode).not.toBe(0);
      expect(refused.stderr + refused.stdout).toContain("is not a public address");
    }
  });
});
