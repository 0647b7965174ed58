// Writes openapi.json and openapi.es.json from the TypeBox schemas; with --check, fails when they are stale.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { es } from "../i18n/es.ts";
import { buildOpenApiDocument } from "../src/openapi.ts";
import { translateDocument } from "../src/translate.ts";

const root = join(import.meta.dir, "..");
const english = buildOpenApiDocument();
const { document: spanish, missing } = translateDocument(english, es);

if (missing.length > 0) {
  console.error(`i18n/es.ts has no Spanish for ${missing.length} text(s):`);
  for (const text of missing) console.error(`  ${JSON.stringify(text)}`);
  process.exit(1);
}

const outputs = {
  "openapi.json": `${JSON.stringify(english, null, 2)}\n`,
  "openapi.es.json": `${JSON.stringify(spanish, null, 2)}\n`,
};

const check = process.argv.includes("--check");
let stale = 0;
for (const [name, text] of Object.entries(outputs)) {
  const path = join(root, name);
  if (check) {
    let current = "";
    try {
      current = readFileSync(path, "utf8");
    } catch {}
    if (current !== text) {
      console.error(`spec/${name} is out of date: run \`bun run build\` and commit it.`);
      stale++;
    }
  } else {
    writeFileSync(path, text);
    console.log(`wrote spec/${name}`);
  }
}
if (stale > 0) process.exit(1);
if (check) console.log("spec/openapi.json and spec/openapi.es.json match the schemas.");
