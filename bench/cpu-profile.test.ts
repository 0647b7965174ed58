// The profile reader on a hand-made profile; no load. Run with `bun run --cwd bench test`.
import { expect, test } from "bun:test";
import { type CpuProfile, summarizeProfile } from "./cpu-profile.ts";

const frame = (functionName: string, url: string, lineNumber = 1) => ({ functionName, url, lineNumber });

// root → Elysia's handler → the intake handler → JSON.stringify (native); root → a promise resumption (native).
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame("(root)", ""), children: [2, 5] },
    {
      id: 2,
      callFrame: frame("handle", "/r/node_modules/.bun/elysia@1.4.30/node_modules/elysia/dist/index.mjs"),
      children: [3],
    },
    { id: 3, callFrame: frame("intake", "/r/server/src/api/intake/intake-handler.ts", 68), children: [4] },
    { id: 4, callFrame: frame("stringify", "") },
    { id: 5, callFrame: frame("(anonymous)", "") },
  ],
  samples: [4, 4, 4, 3, 2, 5, 5, 2],
};

test("samples are counted by part, a native function's going to its JavaScript caller", () => {
  const summary = summarizeProfile(profile);
  expect(summary.samples).toBe(8);
  expect(summary.parts).toEqual([
    ["intake handler and sender gate", 4 / 8],
    ["Elysia (routing, compiled handler, hooks)", 2 / 8],
    ["native, no JavaScript caller", 2 / 8],
  ]);
});

test("functions keep their own samples, the native ones included", () => {
  const summary = summarizeProfile(profile);
  expect(summary.functions[0]).toEqual(["stringify :1", 3 / 8]);
  expect(summary.functions).toContainEqual(["intake intake/intake-handler.ts:68", 1 / 8]);
});
