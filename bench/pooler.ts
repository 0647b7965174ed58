// The "fresh, through PgBouncer" row: the same server and load with DATABASE_URL at a transaction-mode pooler.
import { createPooledDatabase, type PgBouncer, startPgBouncer } from "@speed-to-lead/tests/harness/pgbouncer";
import type { Cell } from "./cells.ts";
import { findCell, medianRps, ROW } from "./report.ts";

/**
 * PgBouncer (transaction mode, as the tests run it) in front of the bench's cluster; `databaseEnv` gives a
 * new database through it with the role timeouts the README asks for, and LISTEN on the direct URL.
 *
 * @example const pooler = await startBenchPooler(cluster.url); addServer(…, await pooler.databaseEnv())
 */
export async function startBenchPooler(adminUrl: string) {
  // As many server connections as the server's pool and its dispatcher's could ask for: no queueing in the pooler.
  const pooler: PgBouncer = await startPgBouncer(adminUrl, { poolSize: 16 });
  return {
    async databaseEnv(): Promise<Record<string, string>> {
      const { pooled, direct } = await createPooledDatabase(pooler.port, adminUrl);
      return { DATABASE_URL: pooled, DATABASE_POOLER: "transaction", DATABASE_DIRECT_URL: direct };
    },
    stop: () => pooler.stop(),
  };
}

/** The report's note: fresh leads through the pooler as a share of direct, per connection count, same rounds. */
export function poolerRatioNote(cells: Cell[], connections: number[]): string | undefined {
  const ratios = connections.flatMap((count) => {
    const direct = medianRps(findCell(cells, "PostgreSQL", ROW.fresh, count));
    const pooled = medianRps(findCell(cells, "PostgreSQL", ROW.pooled, count));
    return Number.isFinite(direct) && Number.isFinite(pooled)
      ? [`${(pooled / direct).toFixed(2)}× at ${count}`]
      : [];
  });
  if (ratios.length === 0) return undefined;
  return `"${ROW.pooled}" against "${ROW.fresh}" (median req/s, measured in the same rounds): ${ratios.join(", ")}`;
}
