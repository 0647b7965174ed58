// kill -9 a real server while coalesced batches are in flight: every lead answered 201 is stored after the restart, none twice.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createBunSqlDatabase } from "@speed-to-lead/server/db/bun-sql-driver";
import type { Database } from "@speed-to-lead/server/db/database";
import { createPgliteDatabase } from "@speed-to-lead/server/db/pglite-driver";
import { newPgliteFolder } from "@speed-to-lead/server/testing/fresh-pglite";
import { createPostgresTestDatabase } from "@speed-to-lead/server/testing/handoff-fixture";
import { seedToken } from "@speed-to-lead/server/testing/seed-tokens";
import { afterAll, describe, expect, it } from "vitest";
import { postLead } from "../harness/lead-http.ts";
import { postThroughKill } from "../harness/posts-through-kill.ts";
import { type ServerProcess, startServerProcess } from "../harness/server-process.ts";

const LEADS = 300;
/** Enough clients that leads arrive while a commit runs, so they are stored in batches. */
const CONCURRENCY = 32;
/** The server is killed once this many answers came back, with batches still in flight. */
const KILL_AFTER = 100;

const folder = mkdtempSync(join(tmpdir(), "stl-batch-crash-"));
const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop("SIGKILL");
  rmSync(folder, { recursive: true, force: true });
});

const backends = {
  postgres: async () => {
    const url = await createPostgresTestDatabase();
    return { env: { DATABASE_URL: url }, open: async () => createBunSqlDatabase(url, { poolSize: 1 }) };
  },
  pglite: async () => {
    const dir = newPgliteFolder(join(folder, "data"));
    return { env: { PGLITE_DIR: dir }, open: () => createPgliteDatabase(dir) };
  },
};

const leadNumber = (run: string, index: number) => ({
  email: `lead-${index}-${run}@example.com`,
  first_name: `Lead ${index}`,
  idempotency_key: `crash-${run}-${index}`,
});

describe.each(Object.keys(backends) as (keyof typeof backends)[])(
  "coalesced commits and kill -9 on %s",
  (backend) => {
    it("every 201 is stored after a restart; a retry of every lead with its key ends with each lead once", async () => {
      const { env: databaseEnv, open } = await backends[backend]();
      const env = { ...databaseEnv, RATE_LIMIT_PER_SECOND: "0", DISPATCHER: "off", LOG_LEVEL: "warn" };
      const { token } = await seedToken(databaseEnv, "batch-crash", "integration");
      const run = crypto.randomUUID().slice(0, 8);
      const start = async () => {
        const server = await startServerProcess({ env });
        servers.push(server);
        return server;
      };

      const victim = await start();
      const { created, lost } = await postThroughKill(victim, {
        token,
        count: LEADS,
        concurrency: CONCURRENCY,
        killAfter: KILL_AFTER,
        lead: (index) => leadNumber(run, index),
      });
      expect(created.size).toBeGreaterThanOrEqual(KILL_AFTER - CONCURRENCY);
      expect(lost).toBeGreaterThan(0);

      // As a client does after a failure: every lead sent again with its key.
      const restarted = await start();
      const ids = new Set<string>();
      for (let index = 0; index < LEADS; index++) {
        const response = await postLead(restarted.baseUrl, { token, body: leadNumber(run, index) });
        expect(response.status, response.text).toBe(201);
        const first = created.get(index)?.id;
        if (first !== undefined) {
          expect(response.headers.get("idempotent-replayed"), `lead ${index}`).toBe("true");
          expect(response.body.id).toBe(first);
        }
        ids.add(response.body.id);
      }
      expect(ids.size).toBe(LEADS);
      await restarted.stop("SIGTERM");

      const db: Database = await open();
      try {
        const stored = await db.query<{ id: string }>("select id::text from leads where email like $1", [
          `%-${run}@example.com`,
        ]);
        expect(stored).toHaveLength(LEADS);
        expect(new Set(stored.map((row) => row.id))).toEqual(ids);
      } finally {
        await db.close();
      }
    }, 120_000);
  },
);
