// The assistant's side of the hand-off for the bench: answers every POST 200 and counts distinct
// webhook-ids per path (one path per server), with the time from the lead's received_at to receipt.
// GET /<path>[?latency] answers what that path received (the latencies since the last such GET). No signature check: its cost is the assistant's.
const seen = new Map<string, { ids: Set<string>; latencyMs: number[] }>();
const of = (path: string) => seen.get(path) ?? seen.set(path, { ids: new Set(), latencyMs: [] }).get(path)!;

const receiver = Bun.serve({
  hostname: process.env.HOST ?? "127.0.0.1",
  port: Number(process.env.PORT ?? 0),
  async fetch(request) {
    const url = new URL(request.url);
    if (request.method !== "POST") {
      const entry = of(url.pathname);
      const latencyMs = url.searchParams.has("latency") ? entry.latencyMs.splice(0) : [];
      return Response.json({ delivered: entry.ids.size, latencyMs });
    }
    const receivedAt = Date.now();
    const { data } = (await request.json()) as { data: { received_at: string } };
    const entry = of(url.pathname);
    const id = request.headers.get("webhook-id") ?? "";
    if (!entry.ids.has(id)) {
      entry.ids.add(id);
      entry.latencyMs.push(receivedAt - Date.parse(data.received_at));
    }
    return new Response(null, { status: 200 });
  },
});

console.log(`listening on ${receiver.url}`);
process.on("SIGTERM", () => {
  receiver.stop(true);
  process.exit(0);
});
