// The console's static files: each served under a versioned name (its content's hash: "console.3f9a1c2b7d.css"),
// cached for a year and never revalidated, precompressed once with brotli and gzip. The kit's files are here; a page
// adds its own through consoleBase (the inbox's script). Nothing else on disk is reachable.
/// <reference path="../../file-imports.d.ts" />
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import htmxJs from "htmx.org/dist/htmx.min.js" with { type: "file" };
// Imported as files: `bun build --compile` embeds them, and from source they are their path on disk.
import sseJs from "htmx-ext-sse/dist/sse.js" with { type: "file" };
import consoleCss from "./assets/console.css" with { type: "file" };
import consoleJs from "./assets/console.js" with { type: "file" };

/** A file the console serves under /console/assets/<versioned name>: its path (a file import) and media type. */
export interface ConsoleAsset {
  path: string;
  type: string;
}

const SOURCES: Record<string, ConsoleAsset> = {
  "htmx.min.js": { path: htmxJs, type: "text/javascript" },
  "sse.js": { path: sseJs, type: "text/javascript" },
  "console.js": { path: consoleJs, type: "text/javascript" },
  "console.css": { path: consoleCss, type: "text/css" },
};

interface ServedAsset {
  type: string;
  plain: Buffer<ArrayBuffer>;
  br: Buffer<ArrayBuffer>;
  gzip: Buffer<ArrayBuffer>;
  /** The public file name with the content's hash in it. */
  versioned: string;
}

const byName = new Map<string, ServedAsset>();
const byFile = new Map<string, ServedAsset>();

/** A page's own files, served beside the kit's (consoleBase calls this once at start). */
export function addAssets(assets: Record<string, ConsoleAsset>): void {
  Object.assign(SOURCES, assets);
}

/** Read, hashed and compressed on first use (a few hundred kB, once per process). */
function served(name: string): ServedAsset | undefined {
  const known = byName.get(name);
  if (known || !Object.hasOwn(SOURCES, name)) return known;
  const source = SOURCES[name]!;
  const plain = readFileSync(source.path);
  const hash = createHash("sha256").update(plain).digest("hex").slice(0, 10);
  const dot = name.lastIndexOf(".");
  const versioned = `${name.slice(0, dot)}.${hash}${name.slice(dot)}`;
  const br = brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const asset = { type: source.type, plain, br, gzip: gzipSync(plain, { level: 9 }), versioned };
  byName.set(name, asset);
  byFile.set(versioned, asset);
  return asset;
}

/** @example assetUrl("console.css") // "/console/assets/console.3f9a1c2b7d.css" */
export function assetUrl(name: string): string {
  return `/console/assets/${served(name)?.versioned ?? name}`;
}

/** The asset of a versioned public name; undefined for anything else. */
export function findAsset(file: string): ServedAsset | undefined {
  for (const name of Object.keys(SOURCES)) served(name);
  return byFile.get(file);
}

/** The best encoding the browser accepts: brotli, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | null): "br" | "gzip" | undefined {
  const accepted = (acceptEncoding ?? "").split(",").map((part) => part.trim().split(";")[0]?.toLowerCase());
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip")) return "gzip";
  return undefined;
}
