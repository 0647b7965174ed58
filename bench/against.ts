// `--against <ref>`: another commit of this repository checked out beside it (a temporary git worktree with
// its packages installed), so its server runs in the same rounds as this one; removed again at the end.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPOSITORY_ROOT } from "@speed-to-lead/tests/harness/stl-cli";

export interface Checkout {
  /** The worktree's folder: a repository root with server/src/main.ts. */
  dir: string;
  /** How the report names it: "ad4a11c of 2026-11-27". */
  label: string;
  remove(): void;
}

function git(args: string[], cwd = REPOSITORY_ROOT): string {
  const result = Bun.spawnSync(["git", ...args], { cwd, stdout: "pipe", stderr: "pipe" });
  if (result.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${result.stderr.toString().trim()}`);
  return result.stdout.toString().trim();
}

/** The commit `ref` names, refused before anything is made when there is none. */
export function resolveCommit(ref: string): string {
  if (ref.startsWith("-")) throw new Error(`--against: "${ref}" is not a commit`);
  return git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
}

/**
 * Checks `ref` out into a temporary worktree (detached, so no branch is made) and installs its packages
 * from its own lockfile; `remove()` deletes the worktree and its registration.
 *
 * @example const before = await checkOut("ad4a11c"); try { …before.dir… } finally { before.remove(); }
 */
export async function checkOut(ref: string): Promise<Checkout> {
  const commit = resolveCommit(ref);
  const dir = join(mkdtempSync(join(tmpdir(), "stl-bench-against-")), "repository");
  git(["worktree", "add", "--detach", dir, commit]);
  const remove = () => {
    try {
      git(["worktree", "remove", "--force", dir]);
    } catch {
      rmSync(join(dir, ".."), { recursive: true, force: true });
      git(["worktree", "prune"]);
    }
    rmSync(join(dir, ".."), { recursive: true, force: true });
  };
  try {
    console.log(`Installing ${ref} (${commit.slice(0, 7)}) in ${dir}…`);
    const install = Bun.spawn(["bun", "install", "--frozen-lockfile"], {
      cwd: dir,
      stdout: "pipe",
      stderr: "pipe",
    });
    const [output, errors, exitCode] = await Promise.all([
      new Response(install.stdout).text(),
      new Response(install.stderr).text(),
      install.exited,
    ]);
    if (exitCode !== 0) throw new Error(`bun install in ${ref} failed:\n${output}\n${errors}`);
    return {
      dir,
      label: `${ref === commit.slice(0, ref.length) ? "" : `${ref} at `}${git(["log", "-1", "--format=%h of %cs", commit])}`,
      remove,
    };
  } catch (error) {
    remove();
    throw error;
  }
}
