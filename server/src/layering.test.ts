// The server's floor plan, held by a test: imports only run down (wings over core over http/db over the
// ground floor), config.ts and app.ts are imported only from above, and no two folders import each other.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = dirname(fileURLToPath(import.meta.url));
const GROUND = new Set([
  "logger.ts",
  "metrics.ts",
  "backoff.ts",
  "bounded-cache.ts",
  "memory-guard.ts",
  "command-name.ts",
  "message-template.ts",
]);

/** The layer of a file under src/, and what it may import. */
function layerOf(file: string): string {
  const [head] = file.split("/");
  if (GROUND.has(file)) return "ground";
  if (file === "config.ts" || file === "app.ts" || file === "main.ts") return file;
  return head ?? file;
}

const MAY_IMPORT: Record<string, string[]> = {
  ground: ["ground"],
  db: ["ground", "db"],
  http: ["ground", "db", "http"],
  core: ["ground", "db", "http", "core"],
  api: ["ground", "db", "http", "core", "api"],
  console: ["ground", "db", "http", "core", "console"],
  "config.ts": ["ground", "db", "http", "core"],
  "app.ts": ["ground", "db", "http", "core", "api", "console"],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every relative import of every non-test file, as paths under src/. */
function importEdges(): { from: string; to: string }[] {
  return sourceFiles(SRC).flatMap((path) => {
    const text = readFileSync(path, "utf8");
    const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)].map(
      (match) => match[1] ?? "",
    );
    // A relative path into node_modules is a package's file (one its exports do not name), not a layer of ours.
    return specifiers
      .filter((specifier) => !specifier.includes("/node_modules/"))
      .map((specifier) => ({
        from: relative(SRC, path),
        to: relative(SRC, resolve(dirname(path), specifier)),
      }));
  });
}

/** The folder that names a concept: core/leads, api/intake, console/kit, http, db … */
function folderOf(file: string): string {
  if (!file.includes("/")) return file;
  const parts = dirname(file).split("/");
  return ["core", "api", "console"].includes(parts[0] ?? "") ? parts.slice(0, 2).join("/") : (parts[0] ?? "");
}

describe("server layout", () => {
  const edges = importEdges();

  it("reads imports of every layer (the check sees the code)", () => {
    const layers = new Set(edges.map((edge) => layerOf(edge.from)));
    for (const layer of ["core", "api", "console", "http", "db", "cli", "app.ts", "main.ts"]) {
      expect(layers).toContain(layer);
    }
  });

  it("imports only run down", () => {
    const upward = edges.filter((edge) => {
      const allowed = MAY_IMPORT[layerOf(edge.from)];
      return allowed !== undefined && !allowed.includes(layerOf(edge.to));
    });
    expect(upward.map((edge) => `${edge.from} → ${edge.to}`)).toEqual([]);
  });

  it("has no import loop between folders", () => {
    const pairs = new Set(
      edges
        .map((edge) => `${folderOf(edge.from)}|${folderOf(edge.to)}`)
        .filter((pair) => !pair.startsWith(`${pair.split("|")[1]}|`)),
    );
    const loops = [...pairs].filter((pair) => {
      const [a, b] = pair.split("|");
      return a !== b && pairs.has(`${b}|${a}`);
    });
    expect(loops).toEqual([]);
  });

  it("keeps SQL out of the console's pages", () => {
    const withSql = sourceFiles(join(SRC, "console")).filter((path) =>
      /\.(query|unsafe|transaction)\s*[<(]|\bsql`/.test(readFileSync(path, "utf8")),
    );
    expect(withSql.map((path) => relative(SRC, path))).toEqual([]);
  });
});
