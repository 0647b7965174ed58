// The machine a run happened on, printed above every table: ratios travel, absolute figures don't.
import { readFileSync } from "node:fs";
import { availableParallelism, totalmem } from "node:os";

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  kernel: string;
  bun: string;
  node: string;
  postgres: string;
  wrk: string;
}

function firstLine(command: string[]): string {
  try {
    const result = Bun.spawnSync(command, { stdout: "pipe", stderr: "pipe" });
    return `${result.stdout.toString()}${result.stderr.toString()}`.trim().split("\n")[0] ?? "?";
  } catch {
    return "not installed";
  }
}

export function describeMachine(postgresBinary: string): Machine {
  let cpuModel = "unknown";
  try {
    const cpuinfo = readFileSync("/proc/cpuinfo", "utf8");
    cpuModel = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? cpuModel;
  } catch {
    // Not Linux: leave it unknown rather than guess.
  }
  return {
    cpus: availableParallelism(),
    cpuModel,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    kernel: firstLine(["uname", "-sr"]),
    bun: Bun.version,
    node: firstLine(["node", "--version"]),
    postgres: firstLine([postgresBinary, "--version"]),
    wrk: firstLine(["wrk", "--version"]).replace(/\s+Copyright.*$/, ""),
  };
}

export function machineLine(machine: Machine): string {
  return `${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGiB} GiB RAM, ${machine.kernel}; Bun ${machine.bun}, Node ${machine.node}, ${machine.postgres}, ${machine.wrk}`;
}
