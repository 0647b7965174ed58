// Runs every example as its own process against the real server (the tests' harness; embedded PGlite in a temp folder).
import { spawn } from "node:child_process";
import { join } from "node:path";
import { type BackendDatabase, createBackendDatabase } from "@speed-to-lead/tests/harness/database-backend";
import { type ServerProcess, startServerProcess } from "@speed-to-lead/tests/harness/server-process";
import { createChannelToken } from "@speed-to-lead/tests/harness/stl-cli";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repositoryRoot = join(import.meta.dirname, "..");
const bun = process.versions.bun ? process.execPath : "bun";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end; env adds to (and LOG_LEVEL quiets) the parent's environment. */
function run(command: string, args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: repositoryRoot,
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: timeoutMs,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

let database: BackendDatabase | undefined;
let server: ServerProcess | undefined;
let env: Record<string, string> = {};

beforeAll(async () => {
  database = await createBackendDatabase("pglite");
  // Only one process may open a PGlite folder: create the token first, then start the server on it.
  const { token } = await createChannelToken(database.env, "examples", "examples");
  server = await startServerProcess({ databaseEnv: database.env, env: { LOG_LEVEL: "warn" } });
  env = { STL_BASE_URL: server.baseUrl, STL_TOKEN: token };
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await database?.remove();
});

async function runExample(file: string, extraEnv: Record<string, string> = {}): Promise<string> {
  const runEnv = { ...env, ...extraEnv };
  const result = file.endsWith(".sh") ? await run("sh", [file], runEnv) : await run(bun, [file], runEnv);
  expect(result.stderr, `${file} wrote to stderr`).toBe("");
  expect(result.code, `${file} exited ${result.code}:\n${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

const ISO = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d+)?Z";

describe("examples against a real server", () => {
  it("quick-start.ts sends a call-eligible lead with consent", async () => {
    const stdout = await runExample("examples/quick-start.ts");
    expect(stdout).toMatch(new RegExp(`^lead [0-9a-f-]{36}: call eligible true, respond by ${ISO}\\n$`));
  });

  it("partner-sync.ts creates, replays, then updates by external_lead_id", async () => {
    const stdout = await runExample("examples/partner-sync.ts");
    const outcomes = [...stdout.matchAll(/^(A-\d+) v(\d): (.+) → lead ([0-9a-f-]{36})$/gm)].map((m) =>
      m.slice(1),
    );
    expect(outcomes.map(([id, version, outcome]) => `${id} v${version}: ${outcome}`)).toEqual([
      "A-10023 v1: created",
      "A-10024 v1: created",
      "A-10023 v1: already sent (replayed)",
      "A-10024 v1: already sent (replayed)",
      "A-10023 v2: updated existing lead",
    ]);
    // One lead per partner record: every line about A-10023 names the same lead.
    const a10023 = new Set(outcomes.filter(([id]) => id === "A-10023").map((o) => o[3]));
    expect(a10023.size).toBe(1);
  });

  it("error-handling.ts names each refused field and why", async () => {
    const stdout = await runExample("examples/error-handling.ts");
    expect(stdout).toContain("validation_failed");
    expect(stdout).toMatch(/^ {2}\/phone: phone_not_us \(.+\)$/m);
    expect(stdout).toMatch(/^ {2}\/email: email_invalid \(.+\)$/m);
    expect(stdout).toMatch(/^ {2}\/source_campaign: pattern_mismatch \(.+\)$/m);
    expect(stdout).toContain("normalizeUsPhone refused it: phone_not_us");
    expect(stdout).toContain("consentBlock refused it: captured_at consent_in_future");
    expect(stdout).toMatch(/check STL_TOKEN \(token_invalid\)/);
    expect(stdout).toMatch(
      /^no response \(ConnectionError\) after 2 attempt\(s\): retry with idempotency key [0-9a-f-]{36}$/m,
    );
  });

  it("opentelemetry.ts makes one span per attempt from the SDK's hooks, statuses and errors included", async () => {
    const stdout = await runExample("examples/opentelemetry.ts");
    expect(stdout).toBe("POST 201 resend 0\nGET 200 resend 0\nGET 404 (error) resend 0\n");
  });

  it("curl.sh posts a lead with consent and prints the 201 body", async () => {
    const body = JSON.parse(await runExample("examples/curl.sh"));
    expect(body).toMatchObject({
      created: true,
      call_eligible: true,
      lead: { phone: "+14155552671", source: "api" },
    });
  });

  it("curl.sh run again with the same key, later, gets the first answer replayed (consent time is stored, not the send time)", async () => {
    const key = { IDEMPOTENCY_KEY: `curl-retry-${crypto.randomUUID()}` };
    const first = JSON.parse(await runExample("examples/curl.sh", key));
    // The retry comes in a later second: a consent time stamped at send time would differ now.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const retry = JSON.parse(await runExample("examples/curl.sh", key));
    expect(first.created).toBe(true);
    expect(retry).toEqual(first);
  });
});
