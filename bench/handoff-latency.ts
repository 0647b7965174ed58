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
const options = { rates: values.rates.split(",").map(Number), seconds: Number(values.seconds) };

interface Sent {
  leadId: string;
  /** Date.now() when the 201 reached the sender. */
  answeredAt: number;
  receivedAt: number;
}

interface Figures {
  scenario: string;
  rate: number;
  leads: number;
  errors: number;
  handedOff: number;
  /** Share of hand-offs that reached the assistant before the 201 reached the sender. */
  beforeResponse: number;
  fromResponse: { p50: number; p90: number; p99: number; max: number };
  fromReceivedAt: { p50: number; p90: number; p99: number; max: number };
}

function lead(index: number) {
  return {
    phone: `(415) 555-01${String(index % 100).padStart(2, "0")}`,
    first_name: `Bench ${index}`,
    consent: { source: "bench", reference: `bench-${index}`, captured_at: new Date().toISOString() },
  };
}

/** Sends `rate` leads per second for `seconds`, on schedule; resolves with every 201. */
async function steadyLoad(baseUrl: string, token: string, rate: number, seconds: number) {
  const sent: Sent[] = [];
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const total = Math.round(rate * seconds);
  const started = performance.now();
  for (let index = 0; index < total; index++) {
    const due = started + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await Bun.sleep(wait);
    inFlight.push(
      fetch(`${baseUrl}${LEAD_INTAKE_PATH}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(lead(index)),
      })
        .then(async (response) => {
          const answeredAt = Date.now();
          const body = (await response.json()) as { id?: string; received_at?: string };
          if (response.status !== 201 || !body.id || !body.received_at) errors++;
          else sent.push({ leadId: body.id, answeredAt, receivedAt: Date.parse(body.received_at) });
        })
        .catch(() => {
          errors++;
        }),
    );
  }
  await Promise.all(inFlight);
  return { sent, errors };
}

const quantiles = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
};

async function runScenario(
  scenario: "in-server" | "worker",
  adminUrl: string,
  rate: number,
  seconds: number,
): Promise<Figures> {
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
    services.push(
      await startLeadServer("server", env, {
        env: { RATE_LIMIT_PER_SECOND: "0", DISPATCHER: scenario === "worker" ? "off" : "on" },
      }),
    );
    if (scenario === "worker")
      services.push(
        await startService(
          "stl dispatch",
          ["bun", CLI_ENTRY, "dispatch"],
          (port) => ({ ...env, DISPATCH_METRICS_PORT: String(port) }),
          "/metrics",
        ),
      );
    const { sent, errors } = await steadyLoad(services[0]!.baseUrl, token, rate, seconds);
    const expected = new Set(sent.map((item) => item.leadId));
    await assistant.waitUntil(
      () => assistant.acknowledged().size >= expected.size,
      `${expected.size} hand-offs`,
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
    return {
      scenario,
      rate,
      leads: sent.length,
      errors,
      handedOff: receipt.size,
      beforeResponse: sent.length ? beforeResponse / sent.length : Number.NaN,
      fromResponse: quantiles(fromResponse),
      fromReceivedAt: quantiles(fromReceivedAt),
    };
  } finally {
    for (const service of services.reverse()) await service.stop();
    await assistant.stop();
  }
}

const cluster = await startPostgresCluster();
const results: Figures[] = [];
try {
  for (const scenario of ["in-server", "worker"] as const)
    for (const rate of options.rates)
      results.push(await runScenario(scenario, cluster.url, rate, options.seconds));
} finally {
  await cluster.stop();
}

const ms = (value: number) => Math.round(value);
console.log(
  `Hand-off latency on PostgreSQL (fsync on), ${options.seconds} s per cell, all leads call-eligible.\n` +
    "From the 201 at the sender to the assistant's receipt (0 when the webhook came first), and from received_at, in ms.\n",
);
console.log(
  "| scenario | rate/s | leads | errors | handed off | before 201 | 201→receipt p50 | p90 | p99 | max | received_at→receipt p50 | p99 |",
);
console.log("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
for (const r of results) {
  const { p50, p90, p99, max } = r.fromResponse;
  const row = [r.scenario, r.rate, r.leads, r.errors, r.handedOff, `${Math.round(r.beforeResponse * 100)} %`];
  console.log(
    `| ${[...row, ...[p50, p90, p99, max, r.fromReceivedAt.p50, r.fromReceivedAt.p99].map(ms)].join(" | ")} |`,
  );
}
const worst = Math.max(...results.map((r) => r.fromResponse.p99));
console.log(`\nTarget p99 < 1000 ms: ${worst < 1000 ? "met" : "NOT met"} (worst p99 ${ms(worst)} ms).`);
