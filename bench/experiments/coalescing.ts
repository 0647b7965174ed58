// Experiment, not part of `bun run bench`: what coalescing concurrent fresh leads into one statement
// would save the database. pgbench runs the server's captured statement, then the same write for 1, 8
// and 32 leads per statement, at the server's pool size, and prints DB CPU per lead.
// Hand-written against server/src/db/migrations 0001–0002 and the captured parameter order
// (:p1 … :p26 of the current insertNewLeadStatement); if either changes, pgbench fails loudly.
//   bun bench/experiments/coalescing.ts [--clients 4] [--duration 3] [--rounds 2]
import { parseArgs } from "node:util";
import { startPostgresCluster } from "@speed-to-lead/tests/harness/postgres";
import { prepareCeiling } from "../ceiling.ts";
import { clusterCpuMicros, postmasterPid } from "../cpu.ts";
import { runPgbench } from "../pgbench.ts";

const { values } = parseArgs({
  options: { clients: { type: "string" }, duration: { type: "string" }, rounds: { type: "string" } },
});
const clients = Number(values.clients ?? 4);
const durationSeconds = Number(values.duration ?? 3);
const rounds = Number(values.rounds ?? 2);

/** The server's write (claim key, lead, response task) for `leads` leads at once. */
const batch = (leads: number) => `\\set key_n random(1, 9223372036854775806)
with claim as (
  insert into idempotency_keys (account_id, key, fingerprint, lead_id, response_status, response_body, created_at)
  select :p1, 'bench-' || :client_id || '-' || :key_n || '-' || g, :p2, gen_random_uuid(), :p3, :p4, :p5
  from generate_series(1, ${leads}) g
  on conflict (account_id, key) do nothing returning lead_id
), lead as (
  insert into leads (id, account_id, channel_token_id, received_at, respond_by, updated_at, phone, email, first_name, last_name, source, source_original, source_campaign, property_ref, price, language, timezone, context, source_event_at, external_lead_id, platform, test, consent, consent_received_at, consent_channel_token_id, response_state, response_reason)
  select lead_id, :p6, :p7, :p8, :p9, :p10, :p11, :p12, :p13, :p14, :p15, NULL, :p16, :p17, :p18, :p19, :p20, :p21, NULL, NULL, NULL, :p22, :p23, :p24, :p25, :p26, NULL
  from claim
  returning id, account_id, respond_by, received_at
), task as (
  insert into response_tasks (id, lead_id, account_id, status, due_at, next_attempt_at, created_at)
  select gen_random_uuid(), id, account_id, 'pending', respond_by, received_at, received_at from lead
  returning id
)
select count(*) from task;
`;

const cluster = await startPostgresCluster({ fsync: true });
try {
  const consentAt = new Date(Date.now() - 60_000).toISOString();
  const ceiling = await prepareCeiling(cluster.url, { dispatcher: false, poolSize: clients }, consentAt);
  const admin = new Bun.SQL(cluster.url, { max: 1 });
  const [{ data_directory: dataDirectory }] = await admin`SHOW data_directory`;
  await admin.close();
  const postmaster = postmasterPid(String(dataDirectory));
  const variants = [
    { name: "captured (1 lead per statement)", script: ceiling.script.text, leads: 1 },
    { name: "hand-written, 1 lead", script: batch(1), leads: 1 },
    { name: "hand-written, 8 leads", script: batch(8), leads: 8 },
    { name: "hand-written, 32 leads", script: batch(32), leads: 32 },
  ];
  console.log(`| variant | round | leads/s | DB CPU µs/lead | p99 per statement ms |\n|---|--:|--:|--:|--:|`);
  for (let round = 1; round <= rounds; round += 1) {
    for (const variant of variants) {
      const before = clusterCpuMicros(postmaster);
      const result = await runPgbench({
        databaseUrl: ceiling.databaseUrl,
        script: variant.script,
        defines: ceiling.script.defines,
        clients,
        durationSeconds,
      });
      await Bun.sleep(200);
      const leads = result.requests * variant.leads;
      const cpu = (clusterCpuMicros(postmaster) - before) / leads;
      console.log(
        `| ${variant.name} | ${round} | ${Math.round(result.requestsPerSecond * variant.leads)} | ${Math.round(cpu)} | ${result.latencyMs.p99} |`,
      );
    }
  }
} finally {
  await cluster.stop();
}
