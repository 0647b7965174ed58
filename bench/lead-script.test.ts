// What wrk/lead.lua posts, read by a loopback receiver during one-second runs of the real wrk: a form's post
// and a partner's, as a user's sender makes them. Needs wrk (Debian's), as the bench does.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { runWrk } from "./load.ts";

interface Received {
  key: string | null;
  body: Record<string, unknown> & { consent?: Record<string, unknown>; external_lead_id?: string };
}
let received: Received[] = [];
let server: ReturnType<typeof Bun.serve>;

beforeAll(() => {
  const seen = new Set<string>();
  server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const body = (await request.json()) as Received["body"];
      received.push({ key: request.headers.get("idempotency-key"), body });
      // As the server answers: the first post of an external id creates, a later one merges.
      const id = body.external_lead_id;
      const created = !id || !seen.has(id);
      if (id) seen.add(id);
      return new Response("{}", { status: created ? 201 : 200 });
    },
  });
});
afterAll(() => server.stop(true));

async function run(mode: string, extra: Record<string, string> = {}) {
  received = [];
  const env = { BENCH_MODE: mode, BENCH_TOKEN: "t", BENCH_NONCE: `${mode}-run`, BENCH_COUNT_STATUS: "1" };
  return await runWrk(`http://127.0.0.1:${server.port}/intake`, 4, 1, { ...env, ...extra });
}

test("a form's post: a phone, a consent block with its time, the idempotency key in the body, a new one each time", async () => {
  const result = await run("fresh");
  expect(result.statuses).toEqual({ 201: result.requests });
  expect(received.length).toBeGreaterThan(10);
  const keys = new Set(received.map(({ body }) => body.idempotency_key));
  expect(keys.size).toBe(received.length);
  for (const { key, body } of received.slice(0, 50)) {
    expect(key).toBeNull();
    expect(body.phone).toMatch(/^\+1(415|212|312)\d{7}$/);
    expect(body.consent).toMatchObject({ source: "webform:/contact" });
    expect(body.consent?.captured_at).toBeString();
  }
});

test("a partner's post: the key in an Idempotency-Key header, its external id, each lead posted again later with a new price", async () => {
  const result = await run("partner", { BENCH_PARTNER_BLOCK: "20" });
  expect(received.length).toBeGreaterThan(80);
  expect(new Set(received.map(({ key }) => key)).size).toBe(received.length);
  expect(
    received.every(({ body }) => body.idempotency_key === undefined && body.platform === "bench-crm"),
  ).toBe(true);
  const posts = new Map<string | undefined, Received[]>();
  for (const post of received)
    posts.set(post.body.external_lead_id, [...(posts.get(post.body.external_lead_id) ?? []), post]);
  expect(Math.max(...[...posts.values()].map((list) => list.length))).toBe(2);
  for (const [first, again] of [...posts.values()].filter((list) => list.length === 2)) {
    expect([first!.body.price, again!.body.price]).toEqual([425000, 430000]);
    expect(again!.body.phone).toBe(first!.body.phone);
  }
  // Created and merged alternate in blocks, so the run holds about as many of each.
  expect(result.statuses[200]).toBeGreaterThan(0);
  expect(result.statuses[201]! - result.statuses[200]!).toBeLessThanOrEqual(20 * 4);
});

test("a repeat of an external id: ids new each run, each posted once per pool of requests (under the repeats cap)", async () => {
  const first = await run("external", { BENCH_POOL_SIZE: "50", BENCH_NONCE: "external-1" });
  const firstIds = received.map(({ body }) => body.external_lead_id);
  expect(firstIds.length).toBeGreaterThan(100);
  const posts = new Map<string | undefined, number>();
  for (const id of firstIds) posts.set(id, (posts.get(id) ?? 0) + 1);
  expect(posts.size).toBe(50);
  expect(Math.max(...posts.values())).toBeLessThanOrEqual(Math.ceil(firstIds.length / 50) + 1);
  expect(first.statuses[201]).toBe(50);
  await run("external", { BENCH_POOL_SIZE: "50", BENCH_NONCE: "external-2" });
  expect(received.some(({ body }) => posts.has(body.external_lead_id))).toBe(false);
});
