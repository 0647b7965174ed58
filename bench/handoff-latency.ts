// Hand-off latency: from the 201 a sender receives to the assistant's receipt of the signed webhook, at a
// steady load on PostgreSQL. Target: p99 under 1 s (the promise is five minutes).
//
//   bun bench/handoff-latency.ts [--rates 100,300] [--seconds 15]
//
// Scenarios: the dispatcher inside the server (woken in-process), and a separate `stl dispatch`
// worker beside a server run with DISPATCHER=off (woken through LISTEN/NOTIFY). Every lead is
// call-eligible; the load is open-loop (sent on schedule, not after the previous answer), so a
// slow server cannot hide its queue.
import { parseArgs } from "node:util";
import { LEAD_INTAKE_PATH } from "@speed-to-lead/spec";
import { createDatabase, startPostgresCluster } from "@speed-to-lead/tests/harness/postgres";
import { CLI_ENTRY } from "@speed-to-lead/tests/harness/stl-cli";
import { startFakeAssistant } from "../server/src/modules/handoff/testing/fake-assistant.ts";
import { createBenchToken, type Service, startLeadServer, startService } from "./services.ts";
import { percentile } from "./stats.ts";

const { values } = parseArgs({
  options: { rates: { type: "string", default: "100,300" }, seconds: { type: "string", default: "15" } },
});
const seconds = Number(values.seconds);

/** Sends `rate` call-eligible leads per second on schedule; resolves with every 201 and when it arrived. */
async function steadyLoad(baseUrl: string, token: string, rate: number) {
  const sent: { leadId: string; answeredAt: number; receivedAt: number }[] = [];
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  for (let index = 0; index < Math.round(rate * seconds); index++) {
    const wait = started + (index * 1000) / rate - performance.now();
    if (wait > 1) await Bun.sleep(wait);
    const lead = {
      phone: `(415) 555-01${String(index % 100).padStart(2, "0")}`,
      first_name: `Bench ${index}`,
      consent: { source: "bench", reference: `bench-${index}`, captured_at: new Date().toISOString() },
    };
    const request = fetch(`${baseUrl}${LEAD_INTAKE_PATH}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(lead),
    }).then(async (response) => {
      const answeredAt = Date.now();
      const body = (await response.json()) as { id?: string; received_at?: string };
      if (response.status !== 201 || !body.id || !body.received_at) errors++;
      else sent.push({ leadId: body.id, answeredAt, receivedAt: Date.parse(body.received_at) });
    });
    inFlight.push(request.catch(() => void errors++));
  }
  await Promise.all(inFlight);
  return { sent, errors };
}

/** One row of the table: counts, then 201→receipt p50/p90/p99/max and received_at→receipt p50/p99 in ms. */
async function runScenario(scenario: "in-server" | "worker", adminUrl: string, rate: number) {
  const databaseUrl = await createDatabase(adminUrl, "stl_bench_handoff");
  const assistant = startFakeAssistant();
  const env = {
    DATABASE_URL: databaseUrl,
    ASSISTANT_WEBHOOK_URL: assistant.url,
    ASSISTANT_WEBHOOK_SECRET: assistant.secret,
  };
  const token = await createBenchToken({ DATABASE_URL: databaseUrl });
  const services: Service[] = [];
  try {
    const dispatcher = scenario === "worker" ? "off" : "on";
    const server = await startLeadServer("server", env, {
      env: { RATE_LIMIT_PER_SECOND: "0", DISPATCHER: dispatcher },
    });
    services.push(server);
    if (scenario === "worker") {
      const workerEnv = (port: number) => ({ ...env, DISPATCH_METRICS_PORT: String(port) });
      services.push(
        await startService("stl dispatch", ["bun", CLI_ENTRY, "dispatch"], workerEnv, "/metrics"),
      );
    }
    const { sent, errors } = await steadyLoad(server.baseUrl, token, rate);
    await assistant.waitUntil(
      () => assistant.acknowledged().size >= sent.length,
      `${sent.length} hand-offs`,
      60_000,
    );
    const receipt = new Map<string, number>();
    for (const delivery of assistant.deliveries) {
      const id = delivery.payload.data.lead_id;
      if (delivery.status < 300 && !receipt.has(id)) receipt.set(id, delivery.receivedAt);
    }
    const fromResponse: number[] = [];
    const fromReceivedAt: number[] = [];
    let beforeResponse = 0;
    for (const item of sent) {
      const at = receipt.get(item.leadId);
      if (at === undefined) continue;
      if (at < item.answeredAt) beforeResponse++;
      fromResponse.push(Math.max(0, at - item.answeredAt));
      fromReceivedAt.push(at - item.receivedAt);
    }
    const at = (values: number[], ...ps: number[]) =>
      ps.map((p) =>
        Math.round(
          percentile(
            [...values].sort((a, b) => a - b),
            p,
          ),
        ),
      );
    const share = `${Math.round((beforeResponse * 100) / Math.max(1, sent.length))} %`;
    return [
      scenario,
      rate,
      sent.length,
      errors,
      receipt.size,
      share,
      ...at(fromResponse, 50, 90, 99, 100),
      ...at(fromReceivedAt, 50, 99),
    ];
  } finally {
    for (const service of services.reverse()) await service.stop();
    await assistant.stop();
  }
}

const cluster = await startPostgresCluster();
const rows: (string | number)[][] = [];
try {
  for (const scenario of ["in-server", "worker"] as const)
    for (const rate of values.rates.split(",").map(Number))
      rows.push(await runScenario(scenario, cluster.url, rate));
} finally {
  await cluster.stop();
}
console.log(
  `Hand-off latency on PostgreSQL (fsync on), ${seconds} s per cell, all leads call-eligible, in ms: from the 201 at the\n` +
    "sender to the assistant's receipt (0 when the webhook came first), and from received_at.\n\n" +
    "| scenario | rate/s | leads | errors | handed off | before 201 | 201→receipt p50 | p90 | p99 | max | received_at→receipt p50 | p99 |\n" +
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
);
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
const worst = Math.max(...rows.map((row) => Number(row[8])));
console.log(`\nTarget p99 < 1000 ms: ${worst < 1000 ? "met" : "NOT met"} (worst p99 ${worst} ms).`);
