// HTTP ceiling: a bare Bun.serve answering 201 with a fixed body, no parsing, no database.
// Whatever the real server adds on top (routing, validation, SQL) shows up as the distance to this.
const body = JSON.stringify({ id: "0193f0c2-6b1e-7a52-9c1d-5e0b7d2a4f10", created: true });

const server = Bun.serve({
  hostname: process.env.HOST ?? "127.0.0.1",
  port: Number(process.env.PORT ?? 0),
  fetch: () => new Response(body, { status: 201, headers: { "content-type": "application/json" } }),
});

console.log(`listening on ${server.url}`);
process.on("SIGTERM", () => {
  server.stop(true);
  process.exit(0);
});
