// One vitest run for every package, in four projects so each starts only what it needs (test/README.md);
// run under Bun (`bun --bun vitest run`) so server code has Bun's APIs.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { QUICK_TIER } from "./server/src/testing/backends.ts";
import { fileImports } from "./test/harness/file-imports-plugin.ts";

/** Tests that open a database (PGlite, or the throwaway PostgreSQL cluster) in this process. */
const DATABASE = ["**/*.db.test.ts", "**/*.route.test.ts"];
/** Tests that start the real server (or the CLI, or an example) as a process. */
const PROCESS = [
  "test/processes/**/*.test.ts",
  "test/conformance/**/*.test.ts",
  "examples/**/*.test.ts",
  "server/src/cli/**/*.test.ts",
];
/** Tests that drive a real Chromium. */
const BROWSER = ["**/*.browser.test.ts"];
/** bench/ has its own runner (bun test) for the harness's parsers. */
const ALWAYS_EXCLUDED = ["**/node_modules/**", "**/dist/**", "bench/**"];
/** Longest first: browser and process suites start at once, unit files fill the workers' last gaps. */
const PROJECT_ORDER: Record<string, number> = { browser: 0, process: 1, database: 2, unit: 3 };
/**
 * Files that run far longer than their size says, started before all others, longest first. A fresh clone has no
 * timings, and vitest then orders by file size: the intake contract (a short file, 500 cases per property on each
 * database) started last and ran alone for its final minute and a half, and the process files below (a 100,000-number
 * import, three servers on set clocks, a compiled executable, crashes) were among the last to start.
 */
const STARTED_FIRST = [
  "test/contract/intake.route.test.ts",
  "test/conformance/intake.test.ts",
  "test/processes/dnc-import-fairness.test.ts",
  "test/processes/single-executable.test.ts",
  "test/processes/chosen-clock-windows.test.ts",
  "test/processes/inbox-stream-memory.test.ts",
  "test/processes/batch-crash-safety.test.ts",
  "server/src/console/inbox/inbox.browser.test.ts",
  "test/processes/evidence-keys-server.test.ts",
];
class SlowProjectsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const first = STARTED_FIRST.findIndex((path) => file.moduleId.endsWith(path));
      return first >= 0 ? first - STARTED_FIRST.length : (PROJECT_ORDER[file.project.name] ?? 4);
    };
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}

/** Two cores give vitest one worker by default; most suites wait on child processes, PGlite or PostgreSQL. */
const WORKERS = 3;
/**
 * The quick tier waits on little: each thread JIT-compiles and collects its own module graph, and two threads
 * took 110 s of CPU where three took 123 s (and less wall time too).
 */
const QUICK_WORKERS = 2;
/**
 * Threads that keep their module graph across files: the quick tier, and `bun run test`'s own run of the unit
 * and database projects (STL_TEST_SHARED_THREADS=1, scripts/test-all.ts), beside the process and browser run.
 */
const SHARED_THREADS = QUICK_TIER || process.env.STL_TEST_SHARED_THREADS === "1";

const SDK_SOURCES = fileURLToPath(new URL("./sdk/src/index.ts", import.meta.url));

/** The PostgreSQL cluster, for the projects that use it. */
const WITH_POSTGRES = { globalSetup: ["test/harness/global-setup.ts"] };

export default defineConfig({
  plugins: [fileImports()],
  test: {
    pool: "threads",
    // A project's `isolate: false` keeps one module graph across the files a worker runs, but vitest 3 still
    // starts a new thread per file unless the pool says so: every file then imported vitest, the app, PGlite and
    // the console anew (the quick tier took 258 s of CPU, 123 s without). Only a run of the two projects that share a graph
    // shares threads (SHARED_THREADS): without isolation vitest waits for each project to finish before it starts
    // the next, so `bun run test` runs the process and browser projects in a second vitest beside it. Every thread is kept to the end (minThreads): tinypool stops a shared thread the
    // moment it idles, and stopped it twice, which failed the run ("Terminating worker thread").
    poolOptions: {
      threads: SHARED_THREADS ? { isolate: false, minThreads: QUICK_WORKERS, maxThreads: QUICK_WORKERS } : {},
    },
    maxWorkers: WORKERS,
    minWorkers: 1,
    sequence: { sequencer: SlowProjectsFirst },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // Pure functions: one module graph for all of them saves each file's imports (the run is CPU-bound).
          isolate: false,
          include: ["**/*.test.ts"],
          exclude: [...ALWAYS_EXCLUDED, ...DATABASE, ...PROCESS, ...BROWSER],
        },
      },
      {
        extends: true,
        // The SDK from its sources: the quick tier builds nothing; the process and browser projects use dist/.
        resolve: { alias: [{ find: /^@speed-to-lead\/sdk$/, replacement: SDK_SOURCES }] },
        test: {
          name: "database",
          // One module graph per worker (as the unit project): each file imported the app, PGlite and the console anew.
          isolate: false,
          include: DATABASE,
          exclude: ALWAYS_EXCLUDED,
          setupFiles: ["server/src/testing/cheap-password-hashes.ts"],
          // argon2 checks and PGlite opens are CPU: at a load average of 20 on two cores three such tests ran past 30 s.
          testTimeout: 60_000,
          ...WITH_POSTGRES,
        },
      },
      {
        extends: true,
        test: {
          name: "process",
          include: PROCESS,
          exclude: [...ALWAYS_EXCLUDED, ...DATABASE],
          // A child process's start is Bun's, PGlite's wasm and a database open: seconds, many more when the two
          // cores are shared (a 30 s limit failed five-process tests at a load average of 20).
          testTimeout: 90_000,
          ...WITH_POSTGRES,
        },
      },
      {
        extends: true,
        test: { name: "browser", include: BROWSER, exclude: ALWAYS_EXCLUDED, ...WITH_POSTGRES },
      },
    ],
  },
});
