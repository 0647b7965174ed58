// The console's static files: each served under a versioned name (its content's hash: "console.3f9a1c2b7d.css"),
// cached for a year and never revalidated, precompressed once with brotli and gzip. Nothing else on disk is reachable.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Every file the console serves, by its public name. */
const SOURCES: Record<string, { path: string; type: string }> = {
  "htmx.min.js": { path: join(packageDir("htmx.org"), "dist", "htmx.min.js"), type: "text/javascript" },
  "sse.js": { path: join(packageDir("htmx-ext-sse"), "dist", "sse.js"), type: "text/javascript" },
  "console.js": { path: here("./assets/console.js"), type: "text/javascript" },
  "inbox.js": { path: here("../inbox/inbox.js"), type: "text/javascript" },
  "console.css": { path: here("./assets/console.css"), type: "text/css" },
};
export type AssetName = keyof typeof SOURCES;

export interface Asset {
  type: string;
  plain: Buffer<ArrayBuffer>;
  br: Buffer<ArrayBuffer>;
  gzip: Buffer<ArrayBuffer>;
  /** The public file name with the content's hash in it. */
  versioned: string;
}

let loaded: { byFile: Map<string, Asset>; byName: Map<string, Asset> } | undefined;

/** Read, hashed and compressed on first use (a few hundred kB, once per process). */
function assets() {
  if (loaded) return loaded;
  loaded = { byFile: new Map(), byName: new Map() };
  for (const [name, source] of Object.entries(SOURCES)) {
    const plain = readFileSync(source.path);
    const hash = createHash("sha256").update(plain).digest("hex").slice(0, 10);
    const dot = name.lastIndexOf(".");
    const versioned = `${name.slice(0, dot)}.${hash}${name.slice(dot)}`;
    const br = brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    const asset = { type: source.type, plain, br, gzip: gzipSync(plain, { level: 9 }), versioned };
    loaded.byFile.set(versioned, asset);
    loaded.byName.set(name, asset);
  }
  return loaded;
}

/** @example assetUrl("console.css") // "/console/assets/console.3f9a1c2b7d.css" */
export function assetUrl(name: AssetName): string {
  return `/console/assets/${assets().byName.get(name)?.versioned ?? name}`;
}

/** The asset of a versioned public name; undefined for anything else. */
export const findAsset = (file: string): Asset | undefined => assets().byFile.get(file);

/** The best encoding the browser accepts: brotli, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | null): "br" | "gzip" | undefined {
  const accepted = (acceptEncoding ?? "").split(",").map((part) => part.trim().split(";")[0]?.toLowerCase());
  if (accepted.includes("br")) return "br";
  if (accepted.includes("gzip")) return "gzip";
  return undefined;
}
