import { expect, inject, it } from "vitest";
import { describeOnPostgres } from "./describe-on-postgres.ts";
import { createDatabase } from "./postgres-cluster.ts";

describeOnPostgres("postgres harness", () => {
  it("gives each suite its own empty database on a real server", async () => {
    const url = await createDatabase(inject("postgresAdminUrl"));
    const sql = new Bun.SQL(url, { max: 1 });
    const [row] = await sql`select current_database() as name, version() as version`;
    await sql.close();
    expect(row.name).toBe(new URL(url).pathname.slice(1));
    expect(row.version).toMatch(/PostgreSQL \d+/);
  });
});
