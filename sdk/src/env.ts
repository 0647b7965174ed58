// Defaults from the environment (STL_TOKEN, STL_BASE_URL, STL_LOG) where one exists: Node, Bun and Deno, never a browser.

/**
 * The variable's value, or undefined: in a browser (no `process`, no `Deno`), when it is unset or
 * empty, and when the runtime refuses to read it (Deno without --allow-env). Reached through
 * globalThis so bundlers neither polyfill `process` nor inline a build machine's values.
 *
 * @example readEnv("STL_TOKEN") // "stl_ch_…" in a server with STL_TOKEN set; undefined in a browser
 */
export function readEnv(name: string): string | undefined {
  const runtime = globalThis as {
    process?: { env?: Record<string, string | undefined> };
    Deno?: { env?: { get(name: string): string | undefined } };
  };
  try {
    return runtime.process?.env?.[name] || runtime.Deno?.env?.get(name) || undefined;
  } catch {
    return undefined;
  }
}
