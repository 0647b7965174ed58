// What is read from /proc around a run: CPU time of a process, of the PostgreSQL cluster and of everyone
// else (on a 2-core machine shared by the server, PostgreSQL and wrk, "µs of CPU per lead" is far less
// noisy than req/s; others' CPU says whether the machine was quiet), RSS, and the machine the run
// happened on (ratios travel, absolute figures do not).
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism, cpus, totalmem } from "node:os";

const ticksPerSecond = Number(Bun.spawnSync(["getconf", "CLK_TCK"]).stdout.toString().trim()) || 100;

/** utime+stime, cutime+cstime (µs) and ppid of a process; undefined when it is gone. */
interface ProcStat {
  own: number;
  reaped: number;
  ppid: number;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name may contain spaces: fields start after its ")"; state is index 0.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const micros = (index: number) => (Number(fields[index]) / ticksPerSecond) * 1e6;
    return { own: micros(11) + micros(12), reaped: micros(13) + micros(14), ppid: Number(fields[1]) };
  } catch {
    return undefined;
  }
}

/** CPU time so far (µs): of the process under test, of the cluster, and of everything else on the machine. */
export interface CpuSnapshot {
  /** performance.now() when read. */
  at: number;
  app: number;
  db: number;
  /** Busy time of the whole machine (/proc/stat, steal included) less the bench's processes and the cluster. */
  others: number;
}

function machineBusyMicros(): number {
  // cpu  user nice system idle iowait irq softirq steal …: everything but idle and iowait is busy.
  const ticks = readFileSync("/proc/stat", "utf8").split("\n")[0]!.split(/\s+/).slice(1, 9).map(Number);
  const busy = ticks.reduce((sum, tick, index) => (index === 3 || index === 4 ? sum : sum + tick), 0);
  return (busy / ticksPerSecond) * 1e6;
}

/** Own and reaped CPU of `roots` and of all their live descendants (the postmaster's backends, say). */
function treeMicros(stats: Map<number, ProcStat>, roots: number[]): number {
  const inTree = new Set(roots.filter((pid) => stats.has(pid)));
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, stat] of stats)
      if (!inTree.has(pid) && inTree.has(stat.ppid)) grew = Boolean(inTree.add(pid));
  }
  if (inTree.size === 0) return Number.NaN;
  return [...inTree].reduce((sum, pid) => sum + stats.get(pid)!.own + stats.get(pid)!.reaped, 0);
}

export function cpuSnapshot(appPid?: number, postmasterPid?: number): CpuSnapshot {
  const stats = new Map<number, ProcStat>();
  for (const entry of readdirSync("/proc")) {
    const stat = /^\d+$/.test(entry) ? readStat(Number(entry)) : undefined;
    if (stat) stats.set(Number(entry), stat);
  }
  const ours = [process.pid, ...(postmasterPid ? [postmasterPid] : [])];
  return {
    at: performance.now(),
    app: appPid ? treeMicros(stats, [appPid]) : Number.NaN,
    db: postmasterPid ? treeMicros(stats, [postmasterPid]) : Number.NaN,
    others: machineBusyMicros() - treeMicros(stats, ours),
  };
}

export function readRssBytes(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/** Samples VmRSS every 100 ms until `stop()`, which returns the peak (NaN when never read). */
export function sampleRss(pid: number): { stop(): number } {
  let peak = Number.NaN;
  const sample = () => {
    const now = readRssBytes(pid);
    if (!(now <= peak)) peak = now;
  };
  sample();
  const timer = setInterval(sample, 100);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

function firstLine(command: string[]): string {
  try {
    const result = Bun.spawnSync(command, { stdout: "pipe", stderr: "pipe" });
    return `${result.stdout}${result.stderr}`.trim().split("\n")[0] ?? "?";
  } catch {
    return `${command[0]} not installed`;
  }
}

export function describeMachine(postgresBinary: string): string {
  const memory = (totalmem() / 1024 ** 3).toFixed(1);
  const wrk = firstLine(["wrk", "--version"]).replace(/\s+Copyright.*$/, "");
  return `${availableParallelism()} × ${cpus()[0]?.model ?? "unknown CPU"}, ${memory} GiB RAM, ${firstLine(["uname", "-sr"])}; Bun ${Bun.version}, Node ${firstLine(["node", "--version"])}, ${firstLine([postgresBinary, "--version"])}, ${wrk}`;
}
