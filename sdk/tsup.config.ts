// Builds ESM (.mjs + .d.mts) and CJS (.cjs + .d.cts) for the main entry and the /api, /phone, /webhooks and /evidence subpaths.
import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    api: "src/api-client.ts",
    phone: "src/phone.ts",
    webhooks: "src/webhooks.ts",
    evidence: "src/evidence.ts",
  },
  format: ["esm", "cjs"],
  outExtension: ({ format }) =>
    format === "esm" ? { js: ".mjs", dts: ".d.mts" } : { js: ".cjs", dts: ".d.cts" },
  dts: true,
  // Each entry stands alone: no shared chunk, so the two builds stay easy to audit.
  splitting: false,
  treeshake: true,
  target: "es2022",
  platform: "neutral",
  sourcemap: false,
  clean: true,
  external: ["openapi-fetch", "libphonenumber-js", "fast-sha256"],
  // /evidence carries jose and canonicalize inside: both are ESM only, and the CJS build must load on Node 20.
  noExternal: ["jose", "canonicalize"],
});
