import { describeOnPostgres } from "@speed-to-lead/server/testing/describe-on-postgres";
import { expect, inject, it } from "vitest";
import { createDatabase } from "./postgres.ts";

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
