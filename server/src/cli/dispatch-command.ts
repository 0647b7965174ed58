// `bun run stl dispatch`: a dispatcher as its own worker process, until SIGTERM or SIGINT.

import { listenForMetrics } from "../api/metrics/metrics-listener.ts";
import { loadConfig } from "../config.ts";
import { startHandoff } from "../core/handoff/handoff-runtime.ts";
import { createLeadFeed } from "../core/leads/lead-feed.ts";
import type { Database } from "../db/database.ts";
import { bunSqlListen } from "../db/listen.ts";
import { createLogger } from "../logger.ts";
import { createServiceMetrics } from "../metrics.ts";

/**
 * For several workers (or servers run with DISPATCHER=off) on one PostgreSQL. On the embedded
 * database the server's own dispatcher does the work: PGlite admits one process, so this command is
 * refused while a server holds PGLITE_DIR. DISPATCH_METRICS_PORT, when set, serves this worker's
 * GET /metrics (hand-off latency, missed tasks, attempts).
 *
 * @example DATABASE_URL=postgres://… bun run stl dispatch
 */
export async function dispatchCommand(
  db: Database,
  _args: unknown,
  print: (line: string) => void,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const config = loadConfig(env);
  const logger = createLogger(config.logLevel);
  const metrics = createServiceMetrics();
  // Inboxes served by other processes hear of this worker's hand-offs through the lead feed's NOTIFY.
  const feed = createLeadFeed({
    db,
    logger,
    listen: config.databaseUrl ? bunSqlListen(config.databaseUrl) : undefined,
  });
  const handoff = await startHandoff({
    mode: "worker",
    db,
    config: config.handoff,
    logger,
    metrics,
    listen: config.databaseUrl ? bunSqlListen(config.databaseUrl) : undefined,
    leadsChanged: (accountIds) => feed.publish(...accountIds),
  });
  const metricsPort = config.handoff.workerMetricsPort;
  const metricsServer =
    metricsPort === undefined
      ? undefined
      : listenForMetrics(metrics, { port: metricsPort, hostname: config.host, logger });
  print(`Dispatching response tasks to the ${handoff.assistant?.kind} assistant; Ctrl-C to stop.`);

  const signal = await new Promise<string>((resolve) => {
    process.once("SIGTERM", () => resolve("SIGTERM"));
    process.once("SIGINT", () => resolve("SIGINT"));
  });
  logger.info("dispatcher stopping", { signal, in_flight: handoff.busy });
  await metricsServer?.stop();
  await handoff.stop();
  await feed.close();
  logger.info("dispatcher stopped");
  return 0;
}
