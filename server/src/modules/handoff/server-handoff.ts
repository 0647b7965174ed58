// The hand-off as the server runs it: its own dispatcher, or (DISPATCHER=off) a signal to worker processes.
import type { Database } from "../../db/database.ts";
import type { Logger } from "../../logger.ts";
import type { ServiceMetrics } from "../metrics/service-metrics.ts";
import type { HandoffConfig } from "./config.ts";
import { startHandoff } from "./handoff-runtime.ts";
import { createTaskNotifier } from "./task-notifier.ts";

export interface ServerHandoff {
  /** The intake committed a response task: deliver it now rather than at the next poll. */
  taskCommitted(): void;
  stop(): Promise<void>;
}

/**
 * @example
 * const handoff = await startServerHandoff({ db, config: loadHandoffConfig(), logger, metrics, databaseUrl });
 * createApp({ db, events: { leadStored: (e) => e.responseTaskId && handoff.taskCommitted() } });
 */
export async function startServerHandoff(options: {
  db: Database;
  config: HandoffConfig;
  logger: Logger;
  metrics: ServiceMetrics;
  databaseUrl: string | undefined;
  leadsChanged?: (accountIds: string[]) => void;
  databaseTimeoutMs?: number;
}): Promise<ServerHandoff> {
  const { db, config, logger, databaseUrl } = options;
  if (config.dispatcherInServer) {
    const runtime = await startHandoff(options);
    return { taskCommitted: () => runtime.dispatcher.wake(), stop: () => runtime.stop() };
  }
  if (databaseUrl) {
    // Workers LISTEN; they poll as well, so a lost notification only delays a hand-off.
    const notifier = createTaskNotifier(db, logger);
    logger.info("dispatcher off: notifying stl dispatch workers of new tasks");
    return { taskCommitted: () => notifier.poke(), stop: () => notifier.close() };
  }
  logger.warn("DISPATCHER=off on the embedded database: no lead is handed off while this server runs");
  return { taskCommitted: () => {}, stop: async () => {} };
}
