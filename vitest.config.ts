// One vitest run for every package; run under Bun (`bun --bun vitest run`) so server code has Bun's APIs.
import { defineConfig } from "vitest/config";
import { fileImports } from "./test/harness/file-imports-plugin.ts";

export default defineConfig({
  plugins: [fileImports()],
  test: {
    include: ["**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**", "bench/**"],
    pool: "threads",
    globalSetup: ["test/harness/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
  },
});
