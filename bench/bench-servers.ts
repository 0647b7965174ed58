// The servers a run starts, each on a database of its own: empty, or holding the month (a copy of the filled
// template on PostgreSQL, a smaller fill of its folder on PGlite), with a channel token from its checkout's CLI.
import { join } from "node:path";
import { createDatabase } from "@speed-to-lead/server/testing/postgres-cluster";
import type { Fill } from "./cells.ts";
import type { MonthFill } from "./month-database.ts";
import { fillPgliteMonth, pgliteMonth, type postgresMonths } from "./month-fills.ts";
import { readRssBytes } from "./probes.ts";
import { createBenchToken, type DatabaseEnv, type Service, startLeadServer } from "./services.ts";

/** One server process; with the dispatcher on, its hand-offs go to a receiver path of its own. */
export interface Server {
  group: "PostgreSQL" | "PGlite";
  fill: Fill;
  label: string;
  service: Service;
  token: string;
  databaseEnv: DatabaseEnv;
  dispatcher: boolean;
  /** VmRSS once it answered, before any load. */
  startRssBytes: number;
}

interface ServerSettings {
  group: Server["group"];
  fill: Fill;
  label: string;
  dispatcher: boolean;
  /** Another checkout whose server (and CLI) runs instead of this one's. */
  repository?: string;
  /** A database reached through a pooler (empty), instead of one made here. */
  pooledEnv?: DatabaseEnv;
  /** false: the server runs with REQUEST_LOG=off. */
  requestLog?: boolean;
}

export interface Fleet {
  servers: Server[];
  add(settings: ServerSettings): Promise<Server>;
}

/**
 * Starts servers for one run; each is stopped through `track` (the run's clean-up). `scratch` holds PGlite
 * folders and logs, `receiverUrl` the webhook receiver, `months` the month template(s) of the cluster.
 */
export function serverFleet(run: {
  clusterUrl: string;
  scratch: string;
  receiverUrl: string;
  months: ReturnType<typeof postgresMonths>;
  month: MonthFill;
  cpuProfileDir?: string;
  track: (service: Service) => Service;
}): Fleet {
  const servers: Server[] = [];
  /** The database, its token, and for a PGlite month the folder filled (one process at a time opens it). */
  async function database({ group, fill, repository, pooledEnv }: ServerSettings, name: string) {
    if (pooledEnv)
      return { databaseEnv: pooledEnv, token: (await createBenchToken(pooledEnv, repository)).token };
    if (group === "PostgreSQL" && fill === "month") {
      const { url, token } = await run.months.create(`bench_${name.replace("-", "_")}`, repository);
      return { databaseEnv: { DATABASE_URL: url }, token };
    }
    const databaseEnv: DatabaseEnv =
      group === "PostgreSQL"
        ? { DATABASE_URL: await createDatabase(run.clusterUrl, `bench_${name.replace("-", "_")}`) }
        : { PGLITE_DIR: join(run.scratch, name) };
    const { id, token } = await createBenchToken(databaseEnv, repository);
    if (fill === "month" && databaseEnv.PGLITE_DIR)
      await fillPgliteMonth(databaseEnv.PGLITE_DIR, id, pgliteMonth(run.month));
    return { databaseEnv, token };
  }
  return {
    servers,
    async add(settings) {
      const name = `server-${servers.length + 1}`;
      const { databaseEnv, token } = await database(settings, name);
      const { group, fill, label, dispatcher, repository } = settings;
      const webhookUrl = dispatcher ? `${run.receiverUrl}/${name}` : undefined;
      const logFile = join(run.scratch, `${name}.log`);
      const service = run.track(
        await startLeadServer(name, databaseEnv, {
          ...{ webhookUrl, logFile, repository, requestLog: settings.requestLog },
          cpuProfileDir: run.cpuProfileDir,
        }),
      );
      const startRssBytes = readRssBytes(service.pid);
      servers.push({ group, fill, label, service, token, databaseEnv, dispatcher, startRssBytes });
      return servers.at(-1)!;
    },
  };
}
