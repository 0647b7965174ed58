// Prepares the database ceiling: a database of its own where a short-lived server instance takes one
// fresh lead while PostgreSQL logs every statement; the capture becomes the pgbench script.
// Own database, because the bench server's dispatcher must not pick up pgbench's outbox rows.
import { createDatabase } from "@speed-to-lead/tests/harness/postgres";
import {
  type CapturedStatement,
  captureStatements,
  type PgbenchScript,
  toPgbenchScript,
} from "./capture-sql.ts";
import {
  createBenchToken,
  type LeadServerSettings,
  postLead,
  sampleLead,
  startLeadServer,
} from "./lead-server.ts";
import { runPgbench } from "./pgbench.ts";

export interface Ceiling {
  databaseUrl: string;
  script: PgbenchScript;
  /** What the server ran for the request, in order. */
  statements: CapturedStatement[];
  /** Other statements seen during the capture window (background work), for the report. */
  background: CapturedStatement[];
}

/** Warm-up requests first: the token cache and prepared statements are then in their steady state. */
const WARMUP_REQUESTS = 20;

export async function prepareCeiling(
  clusterUrl: string,
  settings: LeadServerSettings,
  consentAt: string,
): Promise<Ceiling> {
  const databaseUrl = await createDatabase(clusterUrl, "bench_ceiling");
  const token = await createBenchToken({ databaseUrl });
  const server = await startLeadServer(
    "ceiling-capture",
    { databaseUrl },
    { ...settings, dispatcher: false, cpuProfileDir: undefined },
  );
  let captured: Awaited<ReturnType<typeof captureStatements>>;
  let key = "";
  let sentAt = 0;
  try {
    for (let index = 0; index < WARMUP_REQUESTS; index += 1) {
      const warm = await postLead(
        server.baseUrl,
        token,
        sampleLead(`warm-${crypto.randomUUID()}`, consentAt),
      );
      if (warm.status !== 201)
        throw new Error(`warm-up lead answered ${warm.status}: ${JSON.stringify(warm.body)}`);
    }
    captured = await captureStatements({
      adminUrl: databaseUrl,
      send: async () => {
        key = `capture-${crypto.randomUUID()}`;
        sentAt = Date.now();
        const response = await postLead(server.baseUrl, token, sampleLead(key, consentAt));
        if (response.status !== 201) throw new Error(`captured lead answered ${response.status}`);
        return [key, String(response.body.id)];
      },
    });
  } finally {
    await server.stop();
  }
  if (captured.request.length === 0)
    throw new Error("no statement of the captured request was found in the log");
  const script = toPgbenchScript(captured.request, key, sentAt);
  // One client for a second: a script that fails (a constraint, a type) fails here, not in the matrix.
  await runPgbench({
    databaseUrl,
    script: script.text,
    defines: script.defines,
    clients: 1,
    durationSeconds: 1,
  });
  return { databaseUrl, script, statements: captured.request, background: captured.other };
}
