// The five-minute response: start a dispatcher that hands call-eligible leads to the assistant.
import type { Database } from "../../db/database.ts";
import type { Logger } from "../../logger.ts";
import type { ServiceMetrics } from "../metrics/service-metrics.ts";
import { type Assistant, createAssistant } from "./assistant.ts";
import type { HandoffConfig } from "./config.ts";
import { Dispatcher } from "./dispatcher.ts";
import { type ListenFn, subscribeToNewTasks } from "./task-notifications.ts";

export type { HandoffConfig } from "./config.ts";
export { loadHandoffConfig } from "./config.ts";
export { Dispatcher } from "./dispatcher.ts";
export { bunSqlListen, type ListenFn } from "./task-notifications.ts";

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
  /** LISTEN for new tasks (wake-up within milliseconds); without it the dispatcher only polls. */
  listen?: ListenFn;
  /** Where the console assistant prints (stdout by default). */
  write?: (line: string) => void;
}

/** @example const handoff = await startHandoff({ db, config: loadHandoffConfig(), logger, listen }); */
export async function startHandoff(options: StartHandoffOptions): Promise<HandoffRuntime> {
  const { db, config, logger, metrics } = options;
  const assistant = createAssistant(config, options.write);
  const dispatcher = new Dispatcher({ db, assistant, settings: config, logger, metrics });
  const unsubscribe = await subscribeToNewTasks(options.listen, () => dispatcher.wake(), logger);
  dispatcher.start();
  logger.info("dispatcher started", {
    assistant: assistant.kind,
    notifications: options.listen ? "listen" : "poll",
    poll_ms: config.pollIntervalMs,
  });
  return {
    dispatcher,
    assistant,
    async stop() {
      await unsubscribe().catch(() => undefined);
      await dispatcher.stop();
    },
  };
}
