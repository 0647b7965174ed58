// Vite plugin: `import x from "…" with { type: "file" }` gives the file's path under vitest, as it does under Bun.
import { readFileSync } from "node:fs";
import type { Plugin } from "vitest/config";

/** Ends the resolved id: a JavaScript name, so no other plugin (CSS's among them) transforms it. */
const SUFFIX = ".stl-file.js";
const importerText = new Map<string, string>();

/** Vite drops import attributes before plugins see them, so the importer's own text tells. */
function importedAsFile(source: string, importer: string): boolean {
  let text = importerText.get(importer);
  if (text === undefined) {
    try {
      text = readFileSync(importer, "utf8");
    } catch {
      text = "";
    }
    importerText.set(importer, text);
  }
  const quoted = source.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`from\\s+["']${quoted}["']\\s+with\\s*\\{\\s*type:\\s*["']file["']`).test(text);
}

/**
 * The server imports assets, migrations and PGlite's wasm as files so `bun build --compile` embeds
 * them; Bun then gives their path. Vite would load them as modules instead.
 */
export function fileImports(): Plugin {
  return {
    name: "stl-file-imports",
    enforce: "pre",
    async resolveId(source, importer) {
      if (!importer || !importedAsFile(source, importer.split("?")[0]!)) return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved ? resolved.id + SUFFIX : null;
    },
    load(id) {
      if (!id.endsWith(SUFFIX)) return null;
      return `export default ${JSON.stringify(id.slice(0, -SUFFIX.length))};`;
    },
  };
}
