// `bun run test`: every check of the repository, in the order a failure is cheapest to read.
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
}

const reportDir = mkdtempSync(join(tmpdir(), "stl-test-"));
const vitestReport = join(reportDir, "vitest.json");

const steps: Step[] = [
  { name: "install (frozen lockfile)", command: ["bun", "install", "--frozen-lockfile"] },
  { name: "lint and format (biome)", command: ["bunx", "biome", "check", "."] },
  // test/ and examples/ import the built SDK (types and code): build it before anything checks them.
  { name: "SDK build", command: ["bun", "run", "build"], cwd: "sdk", needs: "sdk/src/index.ts" },
  { name: "typecheck (tsc --noEmit, every package)", command: ["bun", "run", "--filter", "*", "typecheck"] },
  { name: "spec drift and OpenAPI lint (redocly)", command: ["bun", "run", "check"], cwd: "spec" },
  { name: "SDK packaging gates", command: ["bun", "run", "check"], cwd: "sdk", needs: "sdk/src/index.ts" },
  // The bench harness's own parsers and statistics (bun:test; no load is generated).
  { name: "bench unit tests (bun test)", command: ["bun", "run", "test"], cwd: "bench" },
  {
    name: "tests (vitest projects: unit, database, process, browser)",
    command: [
      "bun",
      "--bun",
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${vitestReport}`,
    ],
  },
];

const results: { name: string; ok: boolean; seconds: number; skipped?: boolean }[] = [];
for (const step of steps) {
  if (step.needs && !existsSync(join(root, step.needs))) {
    results.push({ name: step.name, ok: true, seconds: 0, skipped: true });
    continue;
  }
  console.log(`\n▶ ${step.name}: ${step.command.join(" ")}`);
  const started = performance.now();
  const child = Bun.spawnSync(step.command, {
    cwd: join(root, step.cwd ?? "."),
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "0" },
  });
  results.push({ name: step.name, ok: child.exitCode === 0, seconds: (performance.now() - started) / 1000 });
  if (step.name.startsWith("install") && child.exitCode !== 0) break;
}

console.log("\nSummary");
for (const result of results) {
  const mark = result.skipped ? "skip" : result.ok ? "ok  " : "FAIL";
  console.log(`  ${mark}  ${result.name}${result.skipped ? "" : ` (${result.seconds.toFixed(1)} s)`}`);
}

let passed = 0;
let failed = results.filter((result) => !result.ok).length;
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  console.log(
    `  vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed in ${report.numTotalTestSuites} suites`,
  );
}
passed += results.filter((result) => result.ok && !result.skipped && !result.name.startsWith("tests")).length;
// One plain closing line that CI reads: checks and tests together.
console.log(`${passed} passed, ${failed} failed`);
process.exit(results.every((result) => result.ok) ? 0 : 1);
