// Reads a server's `--cpu-prof` profile: each part of the server's share of the samples, and the busiest functions.
// `bun bench/cpu-profile.ts DIR/server-2.cpuprofile.cpuprofile`

/** The parts of a `.cpuprofile` read here (Chrome DevTools' format, which Bun writes). */
export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    children?: number[];
  }[];
  samples: number[];
}

/** Where a function lives, by its file, first match wins; "other" otherwise. */
const PARTS: [name: string, pattern: RegExp][] = [
  ["Elysia (routing, compiled handler, hooks)", /node_modules\/.*(elysia|memoirist|exact-mirror)\//],
  ["app.ts hooks and the exact-path listener", /server\/src\/(app\.ts|http\/exact-path-listener\.ts)$/],
  ["intake handler and sender gate", /server\/src\/(api\/intake\/|api\/sender-gate|core\/accounts\/)/],
  [
    "validation (TypeBox, formats, phone)",
    /(core\/leads\/validation\/|@sinclair\/typebox|core\/phone|libphonenumber)/,
  ],
  ["core/leads (fingerprint, service, batch, store)", /server\/src\/core\/(leads|evidence)\//],
  ["request log", /server\/src\/core\/request-log\//],
  ["http/", /server\/src\/http\//],
  ["SQL driver and db/", /(^internal:sql|bun:sql|server\/src\/db\/)/],
  ["logger", /server\/src\/logger\.ts$/],
  ["metrics", /(prom-client|server\/src\/(metrics\.ts|api\/metrics\/))/],
];
const NATIVE = "native, no JavaScript caller";

export interface ProfileSummary {
  samples: number;
  /** Share of samples (0–1) per part, largest first. */
  parts: [part: string, share: number][];
  /** Share of samples per function (`name file:line`), largest first. */
  functions: [fn: string, share: number][];
}

/**
 * By samples, not time: Bun's time deltas include the time the process slept, which a summary by
 * time charges to whatever ran last. A native function's samples go to its nearest JavaScript caller.
 *
 * @example summarizeProfile(JSON.parse(readFileSync(file, "utf8"))).parts[0] // ["core/leads (…)", 0.19]
 */
export function summarizeProfile(profile: CpuProfile): ProfileSummary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  /** The sampled function if it is JavaScript, else its nearest caller that is; the root if none is. */
  const jsFrame = (id: number) => {
    let node = nodes.get(id);
    while (node && !node.callFrame.url && parentOf.has(node.id)) node = nodes.get(parentOf.get(node.id)!);
    return node;
  };
  const parts = new Map<string, number>();
  const functions = new Map<string, number>();
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const id of profile.samples) {
    const frame = jsFrame(id)?.callFrame;
    const url = frame?.url ?? "";
    const part = url ? (PARTS.find(([, pattern]) => pattern.test(url))?.[0] ?? "other") : NATIVE;
    add(parts, part);
    const own = nodes.get(id)?.callFrame;
    if (own)
      add(
        functions,
        `${own.functionName || "(anonymous)"} ${own.url.split("/").slice(-2).join("/")}:${own.lineNumber}`,
      );
  }
  const shares = (map: Map<string, number>) =>
    [...map]
      .map(([key, count]): [string, number] => [key, count / profile.samples.length])
      .sort((a, b) => b[1] - a[1]);
  return { samples: profile.samples.length, parts: shares(parts), functions: shares(functions) };
}

if (import.meta.main) {
  const file = process.argv[2];
  if (!file) throw new Error("usage: bun bench/cpu-profile.ts FILE.cpuprofile");
  const summary = summarizeProfile(JSON.parse(await Bun.file(file).text()) as CpuProfile);
  const percent = (share: number) => `${(share * 100).toFixed(1).padStart(5)} %`;
  console.log(`${summary.samples} samples\n\nby part of the server:`);
  for (const [part, share] of summary.parts) console.log(`${percent(share)}  ${part}`);
  console.log("\nbusiest functions (own samples):");
  for (const [fn, share] of summary.functions.slice(0, 30)) console.log(`${percent(share)}  ${fn}`);
}
