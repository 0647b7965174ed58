// `bun run build:binary`: the server and its CLI as one linux-x64 executable (dist/stl) that needs no repository.
// The Dockerfile's build stage and the executable's test call this same function.
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** import.meta.url, not import.meta.dir: vitest transforms modules and Bun's dir is gone by then. */
const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * Bundles server/src/executable.ts with Bun inside. Files the code imports `with { type: "file" }`
 * (console and API reference assets, PGlite's wasm and data) are embedded by the bundler; the
 * migrations folder, read as a folder, is embedded as an asset under the name migrate.ts looks for.
 *
 * @example const { outfile, bytes } = await buildBinary("dist/stl");
 */
export async function buildBinary(
  outfile = join(root, "dist", "stl"),
): Promise<{ outfile: string; bytes: number }> {
  const result = await Bun.build({
    entrypoints: [join(root, "server/src/executable.ts")],
    minify: true,
    sourcemap: "none",
    compile: {
      target: "bun-linux-x64",
      outfile,
      assets: [join(root, "server/src/db/migrations")],
      // The executable reads only its environment: no .env or bunfig.toml from wherever it runs.
      autoloadDotenv: false,
      autoloadBunfig: false,
    },
  });
  if (!result.success) throw new AggregateError(result.logs, "bun build --compile failed");
  return { outfile, bytes: Bun.file(outfile).size };
}

if (import.meta.main) {
  const started = performance.now();
  const { outfile, bytes } = await buildBinary(process.argv[2]);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${outfile}: ${(bytes / 2 ** 20).toFixed(0)} MiB in ${seconds} s`);
}
