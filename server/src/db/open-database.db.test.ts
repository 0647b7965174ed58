// The embedded database's buffer pool by use: small for a command that exits, the folder's own for a server.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createMemoryDatabase, newPgliteFolder } from "../testing/fresh-pglite.ts";
import { type DatabaseUse, openDatabase } from "./open-database.ts";

const base = mkdtempSync(join(tmpdir(), "stl-open-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const settings = (pgliteDir: string) => ({
  databaseUrl: undefined,
  databasePooler: "none" as const,
  pgliteDir,
  databasePoolSize: 1,
  databaseTimeoutMs: 10_000,
});

async function sharedBuffers(dir: string, use: DatabaseUse) {
  const db = await openDatabase(settings(dir), use);
  try {
    const [row] = await db.query<{ shared_buffers: string }>("show shared_buffers");
    return row!.shared_buffers;
  } finally {
    await db.close();
  }
}

describe("openDatabase on PGlite", () => {
  it("gives a command 16MB of buffers and a server the folder's 128MB, on the same folder", async () => {
    const dir = newPgliteFolder(join(base, "folder"));
    expect(await sharedBuffers(dir, "command")).toBe("16MB");
    expect(await sharedBuffers(dir, "server")).toBe("128MB");
    expect(await sharedBuffers(dir, "command")).toBe("16MB");
  });

  it("keeps what a command wrote for the server that opens the folder next", async () => {
    const dir = newPgliteFolder(join(base, "kept"));
    const command = await openDatabase(settings(dir), "command");
    await command.exec("create table notes (body text); insert into notes values ('kept')");
    await command.close();
    const server = await openDatabase(settings(dir), "server");
    expect(await server.query("select body from notes")).toEqual([{ body: "kept" }]);
    await server.close();
  });

  it("starts a test's memory database with 8MB of buffers", async () => {
    const db = await createMemoryDatabase();
    expect(await db.query("show shared_buffers")).toEqual([{ shared_buffers: "8MB" }]);
    await db.close();
  });
});
