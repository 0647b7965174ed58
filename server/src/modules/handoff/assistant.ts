// Who receives hand-offs: the assistant's webhook when one is configured, the console otherwise.
import type { HandoffConfig } from "./config.ts";
import { type ConsolePersonalData, createConsoleAssistant } from "./console-assistant.ts";
import type { HandoffPayload } from "./payload.ts";
import { createWebhookAssistant } from "./webhook-assistant.ts";

export type DeliveryResult = { ok: true; status?: number } | { ok: false; error: string; status?: number };

export interface Assistant {
  readonly kind: "webhook" | "console";
  /** The console assistant only: whether its lines show personal data in full. */
  readonly personalData?: ConsolePersonalData;
  /** Resolves, never rejects: a failure is a result the dispatcher retries. */
  deliver(webhookId: string, payload: HandoffPayload): Promise<DeliveryResult>;
}

/** @example const assistant = createAssistant(loadHandoffConfig()); */
export function createAssistant(
  config: Pick<
    HandoffConfig,
    "webhookUrl" | "webhookSecret" | "webhookTimeoutMs" | "printHandoffs" | "consolePersonalData"
  >,
  write: (line: string) => void = (line) => {
    if (config.printHandoffs) process.stdout.write(line);
  },
): Assistant {
  if (config.webhookUrl) {
    return createWebhookAssistant({
      url: config.webhookUrl,
      secret: config.webhookSecret ?? "",
      timeoutMs: config.webhookTimeoutMs,
    });
  }
  return createConsoleAssistant(write, config.consolePersonalData);
}
