// Builds dist/ with tsup, then names the ESM declarations .d.mts: tsup's declaration worker drops the
// outExtension function (functions cannot be sent to a worker), so it writes them as .d.ts, and their
// imports of the shared declaration chunks (`from` and bare `import` alike) end in .js; .mjs is what resolves.
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "tsup";
import config from "../tsup.config";

const dist = join(import.meta.dir, "../dist");
await build({ ...config, silent: true });
for (const file of readdirSync(dist)) {
  if (!file.endsWith(".d.ts")) continue;
  const text = readFileSync(join(dist, file), "utf8").replace(
    /((?:from|import) '\.\/[\w.-]+)\.js'/g,
    "$1.mjs'",
  );
  writeFileSync(join(dist, file.replace(/\.d\.ts$/, ".d.mts")), text);
  rmSync(join(dist, file));
}
console.log(`built sdk/dist: ${readdirSync(dist).sort().join(", ")}`);
