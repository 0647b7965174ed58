// What is read from /proc around a run: CPU time of a process and of the PostgreSQL cluster (on a
// 2-core machine shared by the server, PostgreSQL and wrk, "µs of CPU per lead" is far less noisy than
// req/s), peak RSS, and the machine the run happened on (ratios travel, absolute figures do not).
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism, cpus, totalmem } from "node:os";

const ticksPerSecond = Number(Bun.spawnSync(["getconf", "CLK_TCK"]).stdout.toString().trim()) || 100;

/** utime+stime, cutime+cstime (µs) and ppid of a process; undefined when it is gone. */
function readStat(pid: number): { own: number; reaped: number; ppid: number } | undefined {
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

export const processCpuMicros = (pid: number) => readStat(pid)?.own ?? Number.NaN;

/** The postmaster, its live children and the children it already reaped (pgbench's closed backends). */
export function clusterCpuMicros(postmasterPid: number): number {
  const postmaster = readStat(postmasterPid);
  if (!postmaster) return Number.NaN;
  let total = postmaster.own + postmaster.reaped;
  for (const entry of readdirSync("/proc")) {
    const stat = /^\d+$/.test(entry) ? readStat(Number(entry)) : undefined;
    if (stat?.ppid === postmasterPid) total += stat.own;
  }
  return total;
}

function readRssBytes(pid: number): number {
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
