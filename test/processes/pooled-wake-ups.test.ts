// Wake-ups behind a transaction-mode pooler: NOTIFY through it reaches a worker that LISTENs on DATABASE_DIRECT_URL;
// without that URL the worker says it polls, and at what interval, and finds the task by polling.

import { type FakeAssistant, startFakeAssistant } from "@speed-to-lead/server/testing/fake-assistant";
import { eligibleLead } from "@speed-to-lead/server/testing/handoff-fixture";
import { seedToken } from "@speed-to-lead/server/testing/seed-tokens";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv } from "../harness/child-env.ts";
import { type BackendDatabase, createBackendDatabase } from "../harness/database-backend.ts";
import { postLead } from "../harness/lead-http.ts";
import { readAll, type ServerProcess, startServerProcess } from "../harness/server-process.ts";
import { CLI_ENTRY } from "../harness/stl-cli.ts";

/** `stl dispatch` with `env`; resolves once it logged that its dispatcher started, with its output so far. */
async function startWorker(env: Record<string, string>) {
  const worker = Bun.spawn(["bun", CLI_ENTRY, "dispatch"], { env: childEnv(env), stdout: "pipe" });
  let output = "";
  readAll(worker.stdout, (text) => {
    output += text;
  });
  for (const deadline = Date.now() + 20_000; !output.includes('"msg":"dispatcher started"'); ) {
    if (Date.now() > deadline || worker.exitCode !== null)
      throw new Error(`worker did not start:\n${output}`);
    await Bun.sleep(20);
  }
  return { worker, output: () => output };
}

describe.each([
  { directUrl: true, pollMs: "600000" },
  { directUrl: false, pollMs: "300" },
])("a worker behind the pooler, direct URL $directUrl", ({ directUrl, pollMs }) => {
  let database: BackendDatabase;
  let assistant: FakeAssistant;
  let server: ServerProcess | undefined;
  let worker: ReturnType<typeof Bun.spawn> | undefined;
  beforeAll(async () => {
    database = await createBackendDatabase("pooled");
    assistant = startFakeAssistant();
  });
  afterAll(async () => {
    worker?.kill("SIGKILL");
    await server?.stop("SIGKILL");
    await assistant?.stop();
    await database?.remove();
  });

  it(
    directUrl
      ? "is woken by NOTIFY through LISTEN on the direct URL"
      : "says it polls, and finds tasks by polling",
    async () => {
      const { DATABASE_DIRECT_URL, ...pooledOnly } = database.env;
      const env = {
        ...(directUrl ? database.env : pooledOnly),
        ASSISTANT_WEBHOOK_URL: assistant.url,
        ASSISTANT_WEBHOOK_SECRET: assistant.secret,
        DISPATCHER_POLL_MS: pollMs,
      };
      const { token } = await seedToken(env, "wake", "integration");
      server = await startServerProcess({ env: { ...env, DISPATCHER: "off" } });
      const started = await startWorker(env);
      worker = started.worker;
      const polling = /"msg":"DATABASE_POOLER=transaction without DATABASE_DIRECT_URL: [^"]*wake-ups poll/;
      if (directUrl) {
        expect(started.output()).toContain('"notifications":"listen"');
        expect(started.output()).not.toMatch(polling);
      } else {
        expect(started.output()).toMatch(polling);
        expect(started.output()).toContain(`"dispatcher_poll_ms":${pollMs},"inbox_poll_ms":5000`);
        expect(started.output()).toContain('"notifications":"poll"');
        expect(server.lines.join("\n")).toMatch(polling);
      }
      // With a ten-minute poll, only the NOTIFY the server sent through the pooler can wake the worker.
      const posted = await postLead(server.baseUrl, { token, body: eligibleLead() });
      await assistant.waitUntil(() => assistant.acknowledged().size === 1, "the hand-off");
      expect(assistant.deliveries[0]?.payload.data.lead_id).toBe(posted.body.id);
    },
  );
});
