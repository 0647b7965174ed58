// What every step of the packed-SDK smoke check uses: a command that must succeed, a check that names what failed.
import { spawnSync } from "node:child_process";

export function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): string {
  const result = spawnSync(command, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1", ...env },
  });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

/** tsc options of a strict consumer on Node's own module resolution. */
export const STRICT_CONSUMER = [
  "--noEmit",
  "--strict",
  "--exactOptionalPropertyTypes",
  "--module",
  "nodenext",
  "--target",
  "es2022",
  "--lib",
  "es2023,dom",
];

export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`smoke: ${message}`);
}
