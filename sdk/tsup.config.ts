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
  // The verifier's types come with it, so the declarations name nothing of ours either. (The declaration bundler
  // resolves without package exports: spec/evidence-verify/package.json points it at the source.)
  dts: { resolve: [/^@speed-to-lead\/spec\//] },
  // Each entry stands alone: no shared chunk, so the two builds stay easy to audit.
  splitting: false,
  treeshake: true,
  target: "es2022",
  platform: "neutral",
  sourcemap: false,
  clean: true,
  external: ["openapi-fetch", "libphonenumber-js", "fast-sha256"],
  // /evidence carries the spec's verifier inside (the packed SDK depends on nothing of ours), and with it jose
  // and canonicalize: both are ESM only, and the CJS build must load on Node 20.
  noExternal: ["@speed-to-lead/spec", "jose", "canonicalize"],
});
