// An exclusive lock on a PGlite data folder: PGlite has none, and a second process corrupts the folder.
import { dlopen } from "bun:ffi";
import { closeSync, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { dirname } from "node:path";

const LOCK_EX = 2;
const LOCK_NB = 4;

let libc: { symbols: { flock(fd: number, operation: number): number } } | undefined;
function flock(fd: number, operation: number): number {
  libc ??= dlopen(process.platform === "darwin" ? "libc.dylib" : "libc.so.6", {
    flock: { args: ["i32", "i32"], returns: "i32" },
  });
  return libc.symbols.flock(fd, operation);
}

export class DirectoryLockedError extends Error {
  override readonly name = "DirectoryLockedError";

  constructor(
    /** The data folder in use. */
    readonly dir: string,
    /** The pid the holder wrote in the lock file, or "" when it had not yet. */
    readonly holder: string,
  ) {
    super(
      `The embedded database in ${dir} is in use by another process${holder ? ` (pid ${holder})` : ""}. ` +
        "Stop that process first, or point every process at one PostgreSQL with DATABASE_URL.",
    );
  }
}

export interface DirectoryLock {
  readonly path: string;
  release(): void;
}

/**
 * Takes flock(LOCK_EX) on `<dir>.lock` and writes our pid into it. The kernel drops the lock when the
 * process dies, so a crash never leaves a stale lock behind.
 *
 * @example const lock = lockDirectory("/srv/.data/pglite"); … lock.release();
 */
export function lockDirectory(dir: string): DirectoryLock {
  const path = `${dir}.lock`;
  mkdirSync(dirname(path), { recursive: true });
  const fd = openSync(path, "a+");
  if (flock(fd, LOCK_EX | LOCK_NB) !== 0) {
    const holder = readFileSync(path, "utf8").trim();
    closeSync(fd);
    throw new DirectoryLockedError(dir, holder);
  }
  ftruncateSync(fd, 0);
  writeSync(fd, `${process.pid}\n`, 0);
  let released = false;
  return {
    path,
    release() {
      if (released) return;
      released = true;
      ftruncateSync(fd, 0);
      closeSync(fd); // closing the last descriptor drops the flock
    },
  };
}
