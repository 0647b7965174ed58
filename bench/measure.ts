// One measured run of a cell (with its memory sampled and its errors checked), and the warm-up before.
import type { Cell, Measurement } from "./cells.ts";
import { clusterCpuMicros, processCpuMicros } from "./cpu.ts";
import type { BenchOptions } from "./options.ts";
import { sampleRss } from "./rss.ts";
import type { LoadResult } from "./wrk.ts";

function toMeasurement(result: LoadResult, rssBytes: number, cpu: { app: number; db: number }): Measurement {
  const perRequest = (micros: number) => micros / Math.max(1, result.requests);
  return {
    appCpuMicros: perRequest(cpu.app),
    dbCpuMicros: perRequest(cpu.db),
    requestsPerSecond: result.requestsPerSecond,
    p50: result.latencyMs.p50,
    p99: result.latencyMs.p99,
    p999: result.latencyMs.p999,
    rssBytes,
    requests: result.requests,
    socketErrors: result.socketErrors,
    errorResponses: result.errorResponses,
  };
}

export function describeCell(cell: Cell): string {
  return `${cell.group === "baseline" ? "baseline" : cell.group} ${cell.name} @${cell.connections}`;
}

/** Where CPU is counted: the cluster's postmaster (undefined: no cluster CPU is measured). */
export interface CpuProbe {
  postmasterPid?: number;
}

/** After the load: pgbench's backends exit and are reaped a moment later, then their CPU counts. */
const SETTLE_MS = 150;

/**
 * One measured run: sample the process's memory meanwhile, count CPU per request of the process and
 * of the cluster, flag errors the scenario does not expect.
 */
export async function measure(
  cell: Cell,
  options: BenchOptions,
  probe: CpuProbe,
  delayMs?: number,
): Promise<Measurement> {
  const clusterPid = cell.usesPostgres ? probe.postmasterPid : undefined;
  const cpu = () => ({
    app: cell.pid ? processCpuMicros(cell.pid) : Number.NaN,
    db: clusterPid ? clusterCpuMicros(clusterPid) : Number.NaN,
  });
  const sampler = cell.pid ? sampleRss(cell.pid) : undefined;
  const before = cpu();
  const result = await cell.run({ durationSeconds: options.durationSeconds, countStatuses: false, delayMs });
  await Bun.sleep(SETTLE_MS);
  const after = cpu();
  const measurement = toMeasurement(result, sampler ? sampler.stop() : Number.NaN, {
    app: after.app - before.app,
    db: after.db - before.db,
  });
  if (result.socketErrors > 0) cell.warnings.push(`${result.socketErrors} socket errors/timeouts in one run`);
  const errorShare = result.errorResponses / Math.max(1, result.requests);
  if (Math.abs(errorShare - cell.expectedErrorShare) > 0.02) {
    cell.warnings.push(
      `${(errorShare * 100).toFixed(1)} % responses ≥ 400, expected ${(cell.expectedErrorShare * 100).toFixed(0)} %`,
    );
  }
  return measurement;
}

export async function warmUp(cell: Cell, options: BenchOptions): Promise<void> {
  const result = await cell.run({
    durationSeconds: options.warmupSeconds,
    countStatuses: Boolean(cell.checkStatuses),
  });
  const problem = cell.checkStatuses?.({ statuses: result.statuses, replayed: result.replayed });
  if (problem) {
    cell.warnings.push(`warm-up: ${problem}`);
    console.warn(`  ! ${describeCell(cell)} warm-up: ${problem}`);
  }
}

export function progressLine(cell: Cell, measurement: Measurement, index: number, total: number): string {
  const rss = Number.isFinite(measurement.rssBytes)
    ? ` RSS ${Math.round(measurement.rssBytes / 1024 ** 2)} MiB`
    : "";
  const cpu = [
    Number.isFinite(measurement.appCpuMicros) ? `app ${Math.round(measurement.appCpuMicros)} µs` : "",
    Number.isFinite(measurement.dbCpuMicros) ? `db ${Math.round(measurement.dbCpuMicros)} µs` : "",
  ].filter(Boolean);
  const cpuText = cpu.length > 0 ? `, CPU/req ${cpu.join(" + ")}` : "";
  return `[${index}/${total}] ${describeCell(cell)}: ${Math.round(measurement.requestsPerSecond).toLocaleString("en-US")} req/s, p50 ${measurement.p50.toFixed(2)} ms, p99 ${measurement.p99.toFixed(2)} ms${rss}${cpuText}`;
}
