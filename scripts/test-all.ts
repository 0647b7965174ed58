// `bun run test`: every check of the repository, in the order a failure is cheapest to read; the checks that
// need no test database run beside the tests, on the core they leave idle.
// Uses only Bun and node: built-ins, so it can install the workspace itself on a fresh clone.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dir, "..");

interface Step {
  name: string;
  command: string[];
  cwd?: string;
  /** Skipped (and reported) when this file does not exist yet. */
  needs?: string;
  /**
   * Runs beside the tests instead of before them, its output kept and printed once it ends: the tests leave
   * one of two cores idle for long stretches (a browser waiting, the last suite alone), and these checks
   * read nothing the tests write nor write anything they read.
   */
  besideTests?: true;
  /** Added to the environment of this step. */
  env?: Record<string, string>;
}

const reportDir = mkdtempSync(join(tmpdir(), "stl-test-"));
const inProcessReport = join(reportDir, "vitest-in-process.json");
const processesReport = join(reportDir, "vitest-processes.json");
/** `bun --bun vitest run` of these projects: the default reporter for the log, a JSON report for the summary's count. */
const vitestRun = (projects: string[], report: string) => [
  "bun",
  "--bun",
  "vitest",
  "run",
  ...projects.flatMap((project) => ["--project", project]),
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${report}`,
];

const steps: Step[] = [
  { name: "install (frozen lockfile)", command: ["bun", "install", "--frozen-lockfile"] },
  { name: "lint and format (biome)", command: ["bunx", "biome", "check", "."] },
  // Files, exports and dependencies nothing uses (knip.jsonc says which entry points it cannot see).
  { name: "unused code (knip)", command: ["bunx", "knip", "--no-progress"], besideTests: true },
  // test/ and examples/ import the built SDK (types and code): build it before anything checks them.
  { name: "SDK build", command: ["bun", "run", "build"], cwd: "sdk", needs: "sdk/src/index.ts" },
  {
    name: "typecheck (tsc --noEmit, every package in one program)",
    command: ["bun", "run", "typecheck"],
    besideTests: true,
  },
  {
    name: "spec drift and OpenAPI lint (redocly)",
    command: ["bun", "run", "check"],
    cwd: "spec",
    besideTests: true,
  },
  // --built: the step above built dist/, which the tests import while the gates run.
  {
    name: "SDK packaging gates",
    command: ["bun", "scripts/check.ts", "--built"],
    cwd: "sdk",
    needs: "sdk/src/index.ts",
    besideTests: true,
  },
  // The bench harness's own parsers, statistics, month seed and wrk script (bun:test; two one-second wrk runs on loopback).
  { name: "bench unit tests (bun test)", command: ["bun", "run", "test"], cwd: "bench", besideTests: true },
  // The unit and database projects in threads that keep their module graph across files (vitest.config.ts:
  // each file re-imported the app, PGlite and the console otherwise), beside the process and browser projects,
  // which need isolated threads: one vitest cannot do both without running its projects one after another.
  {
    name: "tests in process (vitest projects: unit, database)",
    command: vitestRun(["unit", "database"], inProcessReport),
    env: { STL_TEST_SHARED_THREADS: "1" },
    besideTests: true,
  },
  {
    name: "tests with processes and browsers (vitest projects: process, browser)",
    command: vitestRun(["process", "browser"], processesReport),
  },
];

interface Result {
  name: string;
  ok: boolean;
  seconds: number;
  skipped?: boolean;
}

const environment = { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "0" };
const banner = (step: Step) => `\n▶ ${step.name}: ${step.command.join(" ")}`;

/** A step beside the tests: started now, its output printed whole when it ends. */
async function runBeside(step: Step): Promise<Result> {
  const started = performance.now();
  const child = Bun.spawn(step.command, {
    cwd: join(root, step.cwd ?? "."),
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...environment, ...step.env },
  });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  const seconds = (performance.now() - started) / 1000;
  console.log(`${banner(step)} (ran beside the tests, ${seconds.toFixed(1)} s)\n${stdout}${stderr}`);
  return { name: step.name, ok: exitCode === 0, seconds };
}

const results: (Result | Promise<Result>)[] = [];
for (const step of steps) {
  if (step.needs && !existsSync(join(root, step.needs))) {
    results.push({ name: step.name, ok: true, seconds: 0, skipped: true });
    continue;
  }
  if (step.besideTests) {
    results.push(runBeside(step));
    continue;
  }
  console.log(banner(step));
  const started = performance.now();
  // Not spawnSync: the steps beside the tests write into pipes this process must keep reading meanwhile.
  const exitCode = await Bun.spawn(step.command, {
    cwd: join(root, step.cwd ?? "."),
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...environment, ...step.env },
  }).exited;
  results.push({ name: step.name, ok: exitCode === 0, seconds: (performance.now() - started) / 1000 });
  if (step.name.startsWith("install") && exitCode !== 0) break;
}
const settled = await Promise.all(results);

console.log("\nSummary");
for (const result of settled) {
  const mark = result.skipped ? "skip" : result.ok ? "ok  " : "FAIL";
  console.log(`  ${mark}  ${result.name}${result.skipped ? "" : ` (${result.seconds.toFixed(1)} s)`}`);
}

let passed = 0;
let failed = settled.filter((result) => !result.ok).length;
for (const report of [inProcessReport, processesReport].filter((file) => existsSync(file))) {
  const { numPassedTests, numFailedTests, numTotalTestSuites } = JSON.parse(readFileSync(report, "utf8"));
  passed += numPassedTests;
  failed += numFailedTests;
  console.log(`  vitest: ${numPassedTests} passed, ${numFailedTests} failed in ${numTotalTestSuites} suites`);
}
passed += settled.filter((result) => result.ok && !result.skipped && !result.name.startsWith("tests")).length;
// One plain closing line that CI reads: checks and tests together.
console.log(`${passed} passed, ${failed} failed`);
process.exit(settled.every((result) => result.ok) ? 0 : 1);
