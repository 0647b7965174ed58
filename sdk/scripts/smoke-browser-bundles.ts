// The packed SDK bundled for the browser with esbuild, one bundle per entry a page might import.
import { builtinModules } from "node:module";
import { gzipSync } from "node:zlib";
import { build, type Metafile } from "esbuild";
import { check } from "./smoke-tools.ts";

/** Bundles from `app`, where the packed SDK is installed; throws on the first bundle that breaks a rule. */
export async function checkBrowserBundles(app: string): Promise<void> {
  // No errors, no warnings, no Node built-ins; the main entry without libphonenumber-js.
  // Each bundle, and text that must not be in it: what tree-shaking keeps out when the import does not need it.
  const bundles: Record<string, [source: string, absent: string[]]> = {
    "everything (main + /phone)": [
      `import * as sdk from "@speed-to-lead/sdk"; import * as phone from "@speed-to-lead/sdk/phone"; console.log(sdk, phone);`,
      ["whsec_", "querySerializer"],
    ],
    "/api alone": [
      `import { createApiClient } from "@speed-to-lead/sdk/api"; console.log(createApiClient);`,
      ["whsec_", "channel-inbound"],
    ],
    "consentBlock alone": [
      `import { consentBlock } from "@speed-to-lead/sdk"; console.log(consentBlock);`,
      ["X-STL-Client", "openapi-fetch", "/api/speed-to-lead/leads"],
    ],
    "createLeadClient alone": [
      `import { createLeadClient } from "@speed-to-lead/sdk"; console.log(createLeadClient);`,
      ["/api/speed-to-lead/leads", "querySerializer", "whsec_", "date_time_invalid", "Pass a client made by"],
    ],
    "/webhooks alone": [
      `import { verifyWebhook, signWebhook } from "@speed-to-lead/sdk/webhooks"; console.log(verifyWebhook, signWebhook);`,
      ["X-STL-Client", "querySerializer", "channel-inbound"],
    ],
  };
  const nodeBuiltins = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
  for (const [label, [contents, absent]] of Object.entries(bundles)) {
    const result = await build({
      stdin: { contents, resolveDir: app, loader: "js" },
      bundle: true,
      platform: "browser",
      format: "esm",
      minify: true,
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    check(result.errors.length === 0 && result.warnings.length === 0, `${label}: esbuild reported problems`);
    const inputs = Object.keys((result.metafile as Metafile).inputs);
    const imports = Object.values((result.metafile as Metafile).inputs).flatMap((input) => input.imports);
    check(!imports.some((i) => nodeBuiltins.has(i.path)), `${label}: imports a Node built-in`);
    check(
      inputs.some((path) => path.includes("fast-sha256")) === label.startsWith("/webhooks"),
      `${label}: fast-sha256 included or missing`,
    );
    check(
      inputs.some((path) => path.includes("openapi-fetch")) === label.startsWith("/api"),
      `${label}: openapi-fetch included or missing`,
    );
    const text = new TextDecoder().decode(result.outputFiles[0]!.contents);
    for (const needle of absent) check(!text.includes(needle), `${label}: tree-shaking kept "${needle}"`);
    const hasPhoneLib = inputs.some((path) => path.includes("libphonenumber-js"));
    check(
      hasPhoneLib === label.startsWith("everything"),
      `${label}: libphonenumber-js included: ${hasPhoneLib}`,
    );
    const bytes = result.outputFiles[0]!.contents.byteLength;
    const gzipped = gzipSync(result.outputFiles[0]!.contents, { level: 9 }).byteLength;
    console.log(`browser bundle, ${label}: ok (esbuild: ${bytes} B minified, ${gzipped} B gzip)`);
  }
}
