// Who receives hand-offs, as the dispatcher sees it: the assistant's webhook or the console.
import type { HandoffPayload } from "./payload.ts";

export type DeliveryResult = { ok: true; status?: number } | { ok: false; error: string; status?: number };

/** The console assistant's lines: "masked" by default, since logs are no place for personal data. */
export type ConsolePersonalData = "masked" | "full";

export interface Assistant {
  readonly kind: "webhook" | "console";
  /** The console assistant only: whether its lines show personal data in full. */
  readonly personalData?: ConsolePersonalData;
  /** Resolves, never rejects: a failure is a result the dispatcher retries. */
  deliver(webhookId: string, payload: HandoffPayload): Promise<DeliveryResult>;
}
