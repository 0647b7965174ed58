// The assistant of the demo: prints each hand-off as one JSON line, so a newcomer sees the flow.
import type { Assistant, ConsolePersonalData } from "./assistant.ts";
import { maskPersonalData } from "./masked-payload.ts";

/**
 * Stands in when ASSISTANT_WEBHOOK_URL is unset. The line shows what a real assistant would receive,
 * with the phone, names, consent and context masked unless ASSISTANT_CONSOLE_PERSONAL_DATA=full.
 *
 * @example createConsoleAssistant().deliver("msg_handoff_…", payload)
 * // {"level":"info","time":"…","msg":"handoff","webhook_id":"msg_handoff_…","payload":{…,"phone":"+1••••••••71"}}
 */
export function createConsoleAssistant(
  write: (line: string) => void = (line) => process.stdout.write(line),
  personalData: ConsolePersonalData = "masked",
): Assistant {
  return {
    kind: "console",
    personalData,
    async deliver(webhookId, whole) {
      const payload = personalData === "full" ? whole : maskPersonalData(whole);
      write(
        `${JSON.stringify({ level: "info", time: new Date().toISOString(), msg: "handoff", webhook_id: webhookId, payload })}\n`,
      );
      return { ok: true };
    },
  };
}
