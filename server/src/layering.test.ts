// The server's floor plan, held by a test: imports only run down (wings over core over http/db over the
// ground floor), config.ts and app.ts are imported only from above, testing/ (the tests' fixtures) only by
// tests, no two folders import each other, and no file reaches itself through its imports.
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
  if (!file.includes("/")) return file;
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
  /** The process (`bun start`): the app, its settings and the background work. */
  "main.ts": ["ground", "db", "http", "core", "api", "console", "config.ts", "app.ts"],
  /** The operators' tool: core's operations; the worker (`stl dispatch`) is the process's code. */
  cli: ["ground", "db", "http", "core", "config.ts", "cli", "main.ts"],
  /** The single executable: the server or the tool. */
  "executable.ts": ["ground", "config.ts", "main.ts", "cli"],
  /** The tests' fixtures: anything, and nothing but tests imports them. */
  testing: [
    "ground",
    "db",
    "http",
    "core",
    "api",
    "console",
    "config.ts",
    "app.ts",
    "main.ts",
    "cli",
    "testing",
  ],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every relative import of every non-test file, as paths under src/ (imports of types included). */
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

/** Each set of files that reach one another through their imports (Tarjan's strongly connected components). */
function fileCircles(edges: { from: string; to: string }[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const circle: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      circle.push(member);
      if (member === file) break;
    }
    if (circle.length > 1 || next.get(file)?.includes(file)) circles.push(circle.sort());
  };
  for (const file of next.keys()) if (!index.has(file)) visit(file);
  return circles;
}

describe("server layout", () => {
  const edges = importEdges();

  it("reads imports of every layer (the check sees the code)", () => {
    const layers = new Set(edges.map((edge) => layerOf(edge.from)));
    for (const layer of ["core", "api", "console", "http", "db", "cli", "testing", "app.ts", "main.ts"]) {
      expect(layers).toContain(layer);
    }
  });

  it("knows every layer's place", () => {
    const unplaced = new Set(edges.map((edge) => layerOf(edge.from)).filter((layer) => !MAY_IMPORT[layer]));
    expect([...unplaced]).toEqual([]);
  });

  it("imports only run down", () => {
    const upward = edges.filter((edge) => !MAY_IMPORT[layerOf(edge.from)]?.includes(layerOf(edge.to)));
    expect(upward.map((edge) => `${edge.from} → ${edge.to}`)).toEqual([]);
  });

  it("has no import circle between files", () => {
    expect(fileCircles(edges)).toEqual([]);
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

  it("keeps HTTP's Request and Headers out of core/ (the wings read them and pass plain values)", () => {
    // Comments and double-quoted strings are not code: a snippet shown to a sender may spell `request: Request`.
    const code = (path: string) =>
      readFileSync(path, "utf8")
        .split("\n")
        .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
        .join("\n")
        .replace(/"(?:[^"\\\n]|\\.)*"/g, '""');
    const withHttp = sourceFiles(join(SRC, "core")).filter((path) =>
      /[:(<,|]\s*(Request|Headers)\b/.test(code(path)),
    );
    expect(withHttp.map((path) => relative(SRC, path))).toEqual([]);
  });

  it("keeps SQL out of the console's pages", () => {
    const withSql = sourceFiles(join(SRC, "console")).filter((path) =>
      /\.(query|unsafe|transaction)\s*[<(]|\bsql`/.test(readFileSync(path, "utf8")),
    );
    expect(withSql.map((path) => relative(SRC, path))).toEqual([]);
  });
});
