// Command-line flags of `bun run bench`; defaults keep the full matrix under about ten minutes.
import { parseArgs } from "node:util";
import { SCENARIOS } from "./scenarios.ts";

export const DATABASES = ["postgres", "pglite"] as const;
export type DatabaseKind = (typeof DATABASES)[number];
export const BASELINES = ["pgbench", "bun-serve", "fastify"] as const;
export type BaselineName = (typeof BASELINES)[number];

export interface BenchOptions {
  runs: number;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number[];
  scenarios: string[];
  databases: DatabaseKind[];
  baselines: BaselineName[];
  /** Run the paced "half of peak" scenario for the p99 target. */
  paced: boolean;
  dispatcher: boolean;
  poolSize: number;
  /** Directory for the server's CPU profiles (bun --cpu-prof --cpu-prof-md), written when it stops. */
  cpuProfileDir: string | undefined;
  wrkThreads: number;
  /** Where the markdown goes; empty: do not write a file. */
  output: string | undefined;
  quick: boolean;
}

export const USAGE = `Usage: bun run bench [flags]

  --quick                 smoke run: 1 run per cell, 2 s per run, 1 s warm-up
  --runs N                runs per cell, the median is reported (default 3)
  --duration S            whole seconds per measured run (default 3; wrk takes whole seconds)
  --warmup S              whole seconds of warm-up before a cell's first run (default 1)
  --connections LIST      default 8,32,64
  --scenarios LIST        ${SCENARIOS.map((scenario) => scenario.name).join(",")} (default all)
  --databases LIST        postgres,pglite (default both)
  --baselines LIST        pgbench,bun-serve,fastify (default all; "none" for none)
  --no-paced              skip the p99-at-half-peak run
  --dispatcher on|off     run the in-server hand-off dispatcher during the load (default off)
  --pool N                server's DATABASE_POOL_SIZE (default 4)
  --cpu-prof DIR          profile the server (bun --cpu-prof --cpu-prof-md) into DIR; pair with
                          --scenarios/--databases to profile one path
  --wrk-threads N         wrk threads (default 1: the generator shares the machine)
  --out FILE              markdown output (default bench/results/<date>.md; "-" for none)
`;

function list(raw: string | undefined, fallback: readonly string[], known: readonly string[], flag: string) {
  if (raw === undefined) return [...fallback];
  if (raw === "none") return [];
  const values = raw
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean);
  for (const value of values) {
    if (!known.includes(value)) throw new Error(`--${flag}: unknown "${value}"; known: ${known.join(", ")}`);
  }
  return values;
}

function positive(raw: string | undefined, fallback: number, flag: string): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${flag} must be a positive number`);
  return value;
}

export function parseOptions(argv: string[], today = new Date()): BenchOptions | "help" {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      help: { type: "boolean", short: "h" },
      quick: { type: "boolean" },
      runs: { type: "string" },
      duration: { type: "string" },
      warmup: { type: "string" },
      connections: { type: "string" },
      scenarios: { type: "string" },
      databases: { type: "string" },
      baselines: { type: "string" },
      "no-paced": { type: "boolean" },
      dispatcher: { type: "string" },
      pool: { type: "string" },
      "cpu-prof": { type: "string" },
      "wrk-threads": { type: "string" },
      out: { type: "string" },
    },
  });
  if (values.help) return "help";
  const quick = values.quick ?? false;
  const connections = (values.connections ?? "8,32,64")
    .split(",")
    .map((value) => positive(value, 0, "connections"));
  const dispatcher = values.dispatcher ?? "off";
  if (!["on", "off"].includes(dispatcher)) throw new Error("--dispatcher must be on or off");
  const date = today.toISOString().slice(0, 10);
  return {
    quick,
    runs: Math.round(positive(values.runs, quick ? 1 : 3, "runs")),
    durationSeconds: Math.round(positive(values.duration, quick ? 2 : 3, "duration")),
    warmupSeconds: Math.round(positive(values.warmup, 1, "warmup")),
    connections,
    scenarios: list(
      values.scenarios,
      SCENARIOS.map((scenario) => scenario.name),
      SCENARIOS.map((s) => s.name),
      "scenarios",
    ),
    databases: list(values.databases, DATABASES, DATABASES, "databases") as DatabaseKind[],
    baselines: list(values.baselines, BASELINES, BASELINES, "baselines") as BaselineName[],
    paced: !values["no-paced"],
    dispatcher: dispatcher === "on",
    poolSize: Math.round(positive(values.pool, 4, "pool")),
    cpuProfileDir: values["cpu-prof"],
    wrkThreads: Math.round(positive(values["wrk-threads"], 1, "wrk-threads")),
    output: values.out === "-" ? undefined : (values.out ?? `results/${date}.md`),
  };
}
