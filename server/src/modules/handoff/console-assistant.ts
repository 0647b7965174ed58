// The assistant of the demo: prints each hand-off as one JSON line, so a newcomer sees the flow.
import type { Assistant } from "./assistant.ts";

/**
 * Stands in when ASSISTANT_WEBHOOK_URL is unset. The line carries the lead's phone and names: it is
 * what a real assistant would receive, printed on purpose; request logs never carry them.
 *
 * @example createConsoleAssistant().deliver("msg_handoff_…", payload)
 * // {"level":"info","time":"…","msg":"handoff","webhook_id":"msg_handoff_…","payload":{…}}
 */
export function createConsoleAssistant(
  write: (line: string) => void = (line) => process.stdout.write(line),
): Assistant {
  return {
    kind: "console",
    async deliver(webhookId, payload) {
      write(
        `${JSON.stringify({ level: "info", time: new Date().toISOString(), msg: "handoff", webhook_id: webhookId, payload })}\n`,
      );
      return { ok: true };
    },
  };
}
