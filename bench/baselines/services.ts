// Starts the two HTTP baselines as their own processes, the way the server under test runs.
import { join } from "node:path";
import { freePort } from "@speed-to-lead/tests/harness/postgres";
import { type Service, startService } from "../processes.ts";

/** The HTTP ceiling: Bun.serve answering 201 with a fixed body. */
export async function startBunServeBaseline(): Promise<Service> {
  const port = await freePort();
  return await startService({
    name: "bun-serve",
    command: ["bun", join(import.meta.dir, "bun-serve.ts")],
    env: { PORT: String(port), HOST: "127.0.0.1" },
    port,
  });
}

/** The alternative a user might pick: Fastify 5 + pg on Node, one INSERT per request. */
export async function startFastifyBaseline(databaseUrl: string, poolSize?: number): Promise<Service> {
  const port = await freePort();
  return await startService({
    name: "fastify",
    command: ["node", join(import.meta.dir, "fastify-pg.mjs")],
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      NODE_ENV: "production",
      ...(poolSize ? { PG_POOL: String(poolSize) } : {}),
    },
    port,
  });
}
