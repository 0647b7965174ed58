// A failing postLead nobody awaits is an unhandled rejection, as any promise's (openai-node's APIPromise too);
// withResponse() callers see none. Observed in a Node child process, where 'unhandledRejection' is real.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let folder = "";

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "stl-sdk-unhandled-"));
  // The SDK's source as one ESM file Node 20 runs (it cannot run TypeScript).
  await build({
    entryPoints: [join(import.meta.dirname, "../src/index.ts")],
    outfile: join(folder, "sdk.mjs"),
    bundle: true,
    format: "esm",
    platform: "neutral",
    logLevel: "silent",
  });
}, 30_000);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs `scenario` in Node with the SDK as `sdk` and a client whose every answer is a 422; prints what happened. */
function runInNode(scenario: string): string[] {
  const file = join(folder, `scenario-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(
    file,
    `import * as sdk from "./sdk.mjs";
const seen = [];
process.on("unhandledRejection", (reason) => seen.push("unhandled " + reason?.name));
const problem = { type: "urn:speed-to-lead:problem:validation_failed", title: "t", status: 422, detail: "d", code: "validation_failed", errors: [] };
const client = sdk.createLeadClient({ baseUrl: "http://x.test", token: "t",
  fetch: async () => new Response(JSON.stringify(problem), { status: 422, headers: { "Content-Type": "application/problem+json" } }) });
const lead = { email: "ana@example.com" };
${scenario}
setTimeout(() => console.log(JSON.stringify(seen)), 50);
`,
  );
  const { stdout, stderr, status } = spawnSync("node", [file], { encoding: "utf8", timeout: 20_000 });
  expect(stderr).toBe("");
  expect(status).toBe(0);
  return JSON.parse(stdout) as string[];
}

describe("postLead's promise and unhandled rejections (Node child process)", () => {
  it("a failing postLead nobody awaits surfaces as an unhandled rejection", () => {
    expect(runInNode("client.postLead(lead);")).toEqual(["unhandled ValidationError"]);
  });

  it("an awaited postLead leaves none", () => {
    expect(
      runInNode("try { await client.postLead(lead); } catch (error) { seen.push('caught ' + error.name); }"),
    ).toEqual(["caught ValidationError"]);
  });

  it("withResponse() rejects once, with no spurious unhandled rejection of the plain promise", () => {
    expect(
      runInNode(
        "try { await client.postLead(lead).withResponse(); } catch (error) { seen.push('caught ' + error.name); }",
      ),
    ).toEqual(["caught ValidationError"]);
  });

  it("withResponse() nobody awaits is reported once", () => {
    expect(runInNode("client.postLead(lead).withResponse();")).toEqual(["unhandled ValidationError"]);
  });
});
