// `bun run check`: every packaging gate of the SDK, in order; exits non-zero at the first failure.
import { spawnSync } from "node:child_process";
import { join } from "node:path";

const sdkRoot = join(import.meta.dir, "..");
const bin = (name: string) => join(sdkRoot, "node_modules/.bin", name);
const bun = process.execPath;

// --built: the caller built dist/ just before (the repository's test command, whose tests import it while
// these gates run: a second build would empty dist/ under them).
const built = process.argv.includes("--built");

const gates: [name: string, command: string, args: string[]][] = [
  ["generated types match spec/openapi.json", bun, ["scripts/generate.ts", "--check"]],
  ...(built
    ? []
    : [
        ["build (tsup: ESM + CJS, .d.mts + .d.cts)", bun, ["scripts/build.ts"]] as [string, string, string[]],
      ]),
  ["publint --strict", bin("publint"), ["--strict"]],
  ["attw --pack", bin("attw"), ["--pack", "."]],
  // `bun run size`: size-limit 14.3 needs fs.glob (Node 22+), so the script runs it under Bun.
  ["size-limit (minified + gzip budgets)", bun, ["run", "size"]],
  [
    "packed tarball: Node ESM, Node CJS, Bun, Deno, workerd; esbuild browser bundles",
    bun,
    ["scripts/smoke.ts"],
  ],
];

for (const [index, [name, command, args]] of gates.entries()) {
  const started = performance.now();
  console.log(`\n── sdk check ${index + 1}/${gates.length}: ${name}`);
  const { status, error } = spawnSync(command, args, { cwd: sdkRoot, stdio: "inherit" });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (status !== 0) {
    console.error(`✗ sdk check failed: ${name} (${error?.message ?? `exit ${status}`}, ${seconds} s)`);
    process.exit(1);
  }
  console.log(`✓ ${name} (${seconds} s)`);
}
console.log(`\nsdk check: all ${gates.length} gates passed.`);
