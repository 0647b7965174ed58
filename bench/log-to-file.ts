// Preloaded into the server (bun --preload) by the bench: its stdout log goes to BENCH_LOG_FILE, as
// `bun start > file` would write it, so the bench never has to drain a pipe of log lines.
import { openSync, writeSync } from "node:fs";

const fd = openSync(process.env.BENCH_LOG_FILE ?? "/dev/null", "a");
process.stdout.write = ((chunk: string | Uint8Array) => {
  if (typeof chunk === "string") writeSync(fd, chunk);
  else writeSync(fd, chunk);
  return true;
}) as typeof process.stdout.write;
