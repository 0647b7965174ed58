import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { DirectoryLockedError, lockDirectory } from "./directory-lock.ts";

const base = mkdtempSync(join(tmpdir(), "stl-lock-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe("lockDirectory", () => {
  it("lets one holder at a time have a folder, even within one process", () => {
    const dir = join(base, "a");
    const lock = lockDirectory(dir);
    expect(() => lockDirectory(dir)).toThrow(DirectoryLockedError);
    expect(() => lockDirectory(dir)).toThrow(`(pid ${process.pid})`);
    lock.release();
    lockDirectory(dir).release();
  });

  it("refuses while another process holds it, and is free again once that process dies", async () => {
    const dir = join(base, "b");
    const holder = Bun.spawn(
      [
        "bun",
        "-e",
        `const m = await import(${JSON.stringify(fileURLToPath(new URL("./directory-lock.ts", import.meta.url)))}); m.lockDirectory(${JSON.stringify(dir)}); console.log("locked"); setInterval(() => {}, 1000);`,
      ],
      { stdout: "pipe", stderr: "inherit" },
    );
    const reader = holder.stdout.getReader();
    const { value } = await reader.read();
    expect(new TextDecoder().decode(value)).toContain("locked");
    expect(() => lockDirectory(dir)).toThrow(`in use by another process (pid ${holder.pid})`);
    holder.kill("SIGKILL");
    await holder.exited;
    // The kernel dropped the flock with the process: no stale lock to clean up.
    lockDirectory(dir).release();
  });
});
