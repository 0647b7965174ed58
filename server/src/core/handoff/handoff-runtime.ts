// Starts the hand-off in one of two modes: "server" (beside the intake) or "worker" (`stl dispatch`).

import { createBunSqlDatabase } from "../../db/bun-sql-driver.ts";
import type { PoolerMode } from "../../db/connection-check.ts";
import type { Database } from "../../db/database.ts";
import type { ListenFn } from "../../db/listen.ts";
import type { Logger } from "../../logger.ts";
import type { ServiceMetrics } from "../../metrics.ts";
import { type LeadChange, type LeadChangeBus, taskDue } from "../leads/lead-change-bus.ts";
import type { Assistant } from "./assistant.ts";
import { createConsoleAssistant } from "./console-assistant.ts";
import { Dispatcher, leaseMs } from "./dispatcher.ts";
import type { HandoffConfig } from "./handoff-settings.ts";
import { ownTaskHandOver } from "./own-task.ts";
import { createTaskNotifier, subscribeToNewTasks } from "./task-channel.ts";
import { createWebhookAssistant } from "./webhook-assistant.ts";

export interface HandoffRuntime {
  /**
   * Subscribed to the lead changes: a committed response task is delivered now rather than at the next poll,
   * and one written leased to this process (ownTaskLeaseMs) is handed to its dispatcher, never claimed.
   */
  leadChanged(change: LeadChange): void;
  /** While this process delivers its own tasks: the lease the intake writes a fresh lead's task with. */
  ownTaskLeaseMs?(): number | undefined;
  /** Who this process delivers to; undefined when it only stores tasks (DISPATCHER=off). */
  readonly assistant: Assistant | undefined;
  /** Deliveries in flight in this process. */
  readonly busy: number;
  /** The database this process claims tasks on (its own pool on PostgreSQL); undefined when it only stores tasks. */
  readonly database: Database | undefined;
  /** Stops claiming, lets deliveries in flight finish, drops the LISTEN connection. */
  stop(): Promise<void>;
}

export interface StartHandoffOptions {
  /**
   * "server": deliver here unless DISPATCHER=off, then notify the workers of each new task.
   * "worker": always deliver (`stl dispatch`).
   */
  mode: "server" | "worker";
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
  /** DATABASE_POOLER for that pool. */
  databasePooler?: PoolerMode;
  /** LISTEN for new tasks (wake-up within milliseconds); none: poll only. */
  listen?: ListenFn;
  /** Where the console assistant prints (stdout by default). */
  write?: (line: string) => void;
  /** Told of the leads the dispatcher changed (the inbox's live feed). */
  leadChanges?: LeadChangeBus;
}

/** Claims and settlements are short statements: two connections keep up with thousands of leads a second. */
const DISPATCHER_POOL_SIZE = 2;

/**
 * @example
 * const handoff = await startHandoff({ mode: "server", db, config: loadConfig().handoff, logger, databaseUrl });
 * leadChanges.subscribe((change) => handoff.leadChanged(change));
 */
export async function startHandoff(options: StartHandoffOptions): Promise<HandoffRuntime> {
  const { mode, config, logger, databaseUrl } = options;
  if (mode === "worker" || config.dispatcherInServer) return startDispatcher(options);
  if (databaseUrl) {
    // Workers LISTEN; they poll as well, so a lost notification only delays a hand-off.
    const notifier = createTaskNotifier(options.db, logger);
    logger.info("dispatcher off: notifying stl dispatch workers of new tasks");
    return {
      leadChanged: (change) => {
        if (taskDue(change)) notifier.poke();
      },
      assistant: undefined,
      busy: 0,
      database: undefined,
      stop: () => notifier.close(),
    };
  }
  logger.warn("DISPATCHER=off on the embedded database: no lead is handed off while this server runs");
  return {
    leadChanged: () => {},
    assistant: undefined,
    busy: 0,
    database: undefined,
    stop: async () => {},
  };
}

/** Who receives hand-offs: the assistant's webhook when one is configured, the console otherwise. */
function createAssistant(config: HandoffConfig, write?: (line: string) => void): Assistant {
  if (config.webhookUrl) {
    return createWebhookAssistant({
      url: config.webhookUrl,
      secret: config.webhookSecret ?? "",
      timeoutMs: config.webhookTimeoutMs,
    });
  }
  const print = (line: string) => {
    if (config.printHandoffs) process.stdout.write(line);
  };
  return createConsoleAssistant(write ?? print, config.consolePersonalData);
}

async function startDispatcher(options: StartHandoffOptions): Promise<HandoffRuntime> {
  const { config, logger, metrics, databaseUrl } = options;
  const ownPool = databaseUrl
    ? createBunSqlDatabase(databaseUrl, {
        poolSize: DISPATCHER_POOL_SIZE,
        timeoutMs: options.databaseTimeoutMs,
        pooler: options.databasePooler,
      })
    : undefined;
  const db = ownPool ?? options.db;
  const { listen } = options;
  const assistant = createAssistant(config, options.write);
  const dispatcher = new Dispatcher({
    db,
    assistant,
    settings: config,
    logger,
    metrics,
    leadChanges: options.leadChanges,
  });
  const unsubscribe = await subscribeToNewTasks(listen, () => dispatcher.wake(), logger);
  dispatcher.start();
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
  const handOver = ownTaskHandOver(db, logger, (task) => dispatcher.handOver(task));
  return {
    leadChanged(change) {
      if (!taskDue(change)) return;
      if (change.kind === "stored" && change.responseTaskLeased)
        handOver(change.lead, change.responseTaskId!);
      else dispatcher.wake();
    },
    ownTaskLeaseMs: () => (dispatcher.accepting ? leaseMs(config.webhookTimeoutMs) : undefined),
    assistant,
    database: db,
    get busy() {
      return dispatcher.busy;
    },
    async stop() {
      await unsubscribe().catch(() => undefined);
      await dispatcher.stop();
      await ownPool?.close();
    },
  };
}
