// The settings of a server (and its workers) run as processes to hand off: a fresh PostgreSQL database and a fake assistant.
import { type FakeAssistant, startFakeAssistant } from "@speed-to-lead/server/testing/fake-assistant";
import { createPostgresTestDatabase } from "@speed-to-lead/server/testing/handoff-fixture";

/**
 * @example const { assistant, env } = await assistantAndDatabase({ DISPATCHER_POLL_MS: "100" });
 */
export async function assistantAndDatabase(
  settings: Record<string, string> = {},
): Promise<{ assistant: FakeAssistant; env: Record<string, string> }> {
  const assistant = startFakeAssistant();
  const env = {
    DATABASE_URL: await createPostgresTestDatabase(),
    ASSISTANT_WEBHOOK_URL: assistant.url,
    ASSISTANT_WEBHOOK_SECRET: assistant.secret,
    ...settings,
  };
  return { assistant, env };
}
