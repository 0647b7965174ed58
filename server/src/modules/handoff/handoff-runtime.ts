// Starts a dispatcher with its assistant, its own pool on PostgreSQL and its LISTEN subscription.
import { createBunSqlDatabase } from "../../db/bun-sql-driver.ts";
import type { Database } from "../../db/database.ts";
import type { Logger } from "../../logger.ts";
import { CallbackSender } from "../callbacks/callback-sender.ts";
import type { ServiceMetrics } from "../metrics/service-metrics.ts";
import { type Assistant, createAssistant } from "./assistant.ts";
import type { HandoffConfig } from "./config.ts";
import { Dispatcher } from "./dispatcher.ts";
import { bunSqlListen, type ListenFn, subscribeToNewTasks } from "./task-notifications.ts";

export interface HandoffRuntime {
  dispatcher: Dispatcher;
  assistant: Assistant;
  /** Stops claiming, lets deliveries in flight finish, drops the LISTEN connection. */
  stop(): Promise<void>;
}

export interface StartHandoffOptions {
  db: Database;
  config: HandoffConfig;
  logger: Logger;
  metrics?: ServiceMetrics;
  /**
   * PostgreSQL: the dispatcher gets a pool of its own (two connections), so its claims never queue
   * behind the intake's transactions, and LISTENs for new tasks on a dedicated connection.
   */
  databaseUrl?: string;
  /** DATABASE_TIMEOUT_MS for that pool: a hung database cannot stall claims or shutdown. */
  databaseTimeoutMs?: number;
  /** LISTEN for new tasks (wake-up within milliseconds); defaults to one on databaseUrl, else none (poll only). */
  listen?: ListenFn;
  /** Where the console assistant prints (stdout by default). */
  write?: (line: string) => void;
  /** Told which accounts' leads the dispatcher changed (the inbox's live feed). */
  leadsChanged?: (accountIds: string[]) => void;
}

/** Claims and settlements are short statements: two connections keep up with thousands of leads a second. */
const DISPATCHER_POOL_SIZE = 2;

/** @example const handoff = await startHandoff({ db, config: loadHandoffConfig(), logger, listen }); */
export async function startHandoff(options: StartHandoffOptions): Promise<HandoffRuntime> {
  const { config, logger, metrics, databaseUrl } = options;
  const ownPool = databaseUrl
    ? createBunSqlDatabase(databaseUrl, {
        poolSize: DISPATCHER_POOL_SIZE,
        timeoutMs: options.databaseTimeoutMs,
      })
    : undefined;
  const db = ownPool ?? options.db;
  const listen = options.listen ?? (databaseUrl ? bunSqlListen(databaseUrl) : undefined);
  const assistant = createAssistant(config, options.write);
  const dispatcher = new Dispatcher({
    db,
    assistant,
    settings: config,
    logger,
    metrics,
    leadsChanged: options.leadsChanged,
  });
  const unsubscribe = await subscribeToNewTasks(listen, () => dispatcher.wake(), logger);
  dispatcher.start();
  // Status callbacks leave from the same outbox tables, by the same processes.
  const callbacks = new CallbackSender(db, config, logger);
  callbacks.start();
  logger.info("dispatcher started", {
    assistant: assistant.kind,
    notifications: listen ? "listen" : "poll",
    poll_ms: config.pollIntervalMs,
  });
  // Said at start, so an operator knows what the console lines hold and how to change it.
  if (assistant.personalData === "full")
    logger.warn("console assistant prints personal data in full (ASSISTANT_CONSOLE_PERSONAL_DATA=full)");
  else if (assistant.personalData === "masked")
    logger.info(
      "console assistant masks phone, names, consent and context; ASSISTANT_CONSOLE_PERSONAL_DATA=full prints them",
    );
  return {
    dispatcher,
    assistant,
    async stop() {
      await unsubscribe().catch(() => undefined);
      await dispatcher.stop();
      await callbacks.stop();
      await ownPool?.close();
    },
  };
}
