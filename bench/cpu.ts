// CPU time spent per request, from /proc: on a 2-core machine shared by the server, PostgreSQL and
// the load generator, "µs of CPU per lead" explains throughput and is far less noisy than req/s.
import { readdirSync, readFileSync } from "node:fs";

const ticksPerSecond = Number(Bun.spawnSync(["getconf", "CLK_TCK"]).stdout.toString().trim()) || 100;

/** utime, stime, cutime, cstime (µs) and ppid of a process; undefined when it is gone. */
function readStat(pid: number): { own: number; reaped: number; ppid: number } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which may contain spaces: state is field 3 → index 0.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const micros = (index: number) => (Number(fields[index]) / ticksPerSecond) * 1e6;
    return { own: micros(11) + micros(12), reaped: micros(13) + micros(14), ppid: Number(fields[1]) };
  } catch {
    return undefined;
  }
}

/** CPU µs a process has used so far (its own threads; children not included). */
export function processCpuMicros(pid: number): number {
  return readStat(pid)?.own ?? Number.NaN;
}

/**
 * CPU µs of a whole PostgreSQL cluster so far: the postmaster, its live children (backends,
 * walwriter, checkpointer…) and the children it already reaped (pgbench's backends, once closed).
 */
export function clusterCpuMicros(postmasterPid: number): number {
  const postmaster = readStat(postmasterPid);
  if (!postmaster) return Number.NaN;
  let total = postmaster.own + postmaster.reaped;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat?.ppid === postmasterPid) total += stat.own;
  }
  return total;
}

/** The postmaster's pid, first line of postmaster.pid in the data directory. */
export function postmasterPid(dataDirectory: string): number {
  return Number(readFileSync(`${dataDirectory}/postmaster.pid`, "utf8").split("\n")[0]);
}
