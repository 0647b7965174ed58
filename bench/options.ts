// The bench's command line: its flags, their defaults and checks (cells shorter than 5 s are refused).
import { statSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { resolveCommit } from "./against.ts";
import { FILLS, SCENARIOS } from "./cells.ts";
import { MONTH_FILL, parseMonthFill } from "./month-database.ts";
import { PGLITE_MONTH_LEADS } from "./month-fills.ts";

const ROWS = [...SCENARIOS.map((scenario) => scenario.name), "dispatcher-off", "request-log-off", "pooled"];
const BASELINES = ["single-row"];
/** Shorter cells are not steady: a run's start and end weigh too much. */
const MIN_SECONDS = 5;

export const USAGE = `Usage: bun run bench [flags]

  --quick                smoke run: 1 round (no verdicts: a figure needs its spread)
  --runs N               rounds: every cell measured once per round; median and (min–max) (default 3)
  --duration S           whole seconds per measured run, at least ${MIN_SECONDS} (default ${MIN_SECONDS})
  --connections LIST     concurrent connections, pgbench clients (default 32, the goals' count)
  --scenarios LIST       ${ROWS.join(",")} (default all; dispatcher-off, request-log-off and pooled: PostgreSQL only)
  --databases LIST       postgres,pglite (default both)
  --baselines LIST       ${BASELINES.join(",")} (default all; "none" for none)
  --fills LIST           ${FILLS.join(",")}: what each database holds before the bench's leads (default both);
                         every row and baseline runs on each
  --stored-leads N       leads (with their keys, tasks, attempts and history) a month database holds
                         (default ${MONTH_FILL.storedLeads}; PGlite's at most ${PGLITE_MONTH_LEADS}, the list scaled with it)
  --listed-numbers N     numbers on its do-not-call list (default ${MONTH_FILL.listedNumbers})
  --against REF          also run the server of commit REF (checked out into a temporary git worktree,
                         packages installed, removed at the end) in the same rounds: "before" rows and
                         the "× before" column, for fresh leads with the dispatcher on and off
  --compare-server DIR   the same against an existing checkout DIR (node_modules installed)
  --cpu-prof DIR         profile the server (bun --cpu-prof --cpu-prof-md) into DIR
  --out FILE             markdown report (default bench/results/<date>.md; "-" for none)
`;

/** A comma-separated flag, each value one of `known` ("none": empty). */
function list(raw: string | undefined, known: readonly string[], flag: string): string[] {
  const values = raw === undefined ? [...known] : raw === "none" ? [] : raw.split(",").map((v) => v.trim());
  const unknown = values.find((value) => !known.includes(value));
  if (unknown) throw new Error(`--${flag}: unknown "${unknown}"; known: ${known.join(", ")}`);
  return values;
}

function whole(raw: string, flag: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${flag} must be a positive whole number`);
  return value;
}

function atLeast(minimum: number, value: number, flag: string): number {
  if (value < minimum) throw new Error(`--${flag} must be at least ${minimum}: shorter cells are not steady`);
  return value;
}

export function parseOptions(argv: string[]) {
  const flag = { type: "string" } as const;
  const { values } = parseArgs({
    args: argv,
    options: {
      help: { type: "boolean", short: "h" },
      quick: { type: "boolean" },
      runs: flag,
      duration: flag,
      connections: { type: "string", default: "32" },
      scenarios: flag,
      databases: flag,
      baselines: flag,
      "compare-server": flag,
      against: flag,
      fills: flag,
      "stored-leads": flag,
      "listed-numbers": flag,
      "cpu-prof": flag,
      out: { type: "string", default: `results/${new Date().toISOString().slice(0, 10)}.md` },
    },
  });
  if (values.help) return undefined;
  if (values.against && values["compare-server"])
    throw new Error("--against and --compare-server: one or the other");
  // Refused before anything starts: a ref that names no commit.
  if (values.against) resolveCommit(values.against);
  const compareServer = values["compare-server"] && resolve(values["compare-server"]);
  if (compareServer && !statSync(join(compareServer, "server/src/main.ts"), { throwIfNoEntry: false }))
    throw new Error(`--compare-server: ${compareServer} holds no server/src/main.ts`);
  // The report names the other checkout by its commit, not by a path on this machine.
  const git = compareServer && Bun.spawnSync(["git", "-C", compareServer, "log", "-1", "--format=%h of %cs"]);
  const before = git ? `commit ${git.stdout.toString().trim() || "unknown"}` : undefined;
  return {
    runs: whole(values.runs ?? (values.quick ? "1" : "3"), "runs"),
    seconds: atLeast(MIN_SECONDS, whole(values.duration ?? String(MIN_SECONDS), "duration"), "duration"),
    connections: values.connections.split(",").map((value) => whole(value, "connections")),
    rows: list(values.scenarios, ROWS, "scenarios"),
    databases: list(values.databases, ["postgres", "pglite"], "databases"),
    baselines: list(values.baselines, BASELINES, "baselines"),
    compareServer,
    before,
    against: values.against,
    fills: list(values.fills, FILLS, "fills") as (typeof FILLS)[number][],
    month: parseMonthFill(values),
    cpuProfileDir: values["cpu-prof"] && resolve(values["cpu-prof"]),
    out: values.out === "-" ? undefined : resolve(import.meta.dir, values.out),
  };
}
