// Builds dist/ with tsup, then names the ESM declarations .d.mts: tsup's declaration worker drops the
// outExtension function (functions cannot be sent to a worker), so it writes them as .d.ts.
import { readdirSync, renameSync } from "node:fs";
import { join } from "node:path";
import { build } from "tsup";
import config from "../tsup.config";

const dist = join(import.meta.dir, "../dist");
await build({ ...config, silent: true });
for (const file of readdirSync(dist)) {
  if (file.endsWith(".d.ts")) renameSync(join(dist, file), join(dist, file.replace(/\.d\.ts$/, ".d.mts")));
}
console.log(`built sdk/dist: ${readdirSync(dist).sort().join(", ")}`);
