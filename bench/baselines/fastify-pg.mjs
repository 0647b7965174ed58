// What a user might pick instead: Fastify 5 + pg on Node, storing each lead as one row and nothing else.
// No auth, no validation, no phone normalization, no outbox: the floor the real server must beat
// while doing all of that. Plain JavaScript because it runs on Node (never shipped, bench only).
import Fastify from "fastify";
import pg from "pg";

// pg's own default pool size (10).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });

await pool.query(`
  CREATE TABLE IF NOT EXISTS fastify_leads (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    idempotency_key text UNIQUE,
    phone text,
    payload jsonb NOT NULL,
    received_at timestamptz NOT NULL DEFAULT now()
  )`);

const app = Fastify({ logger: false });

app.post("/api/speed-to-lead/channel-inbound.php", async (request, reply) => {
  const lead = request.body ?? {};
  const result = await pool.query({
    name: "insert-lead",
    text: `INSERT INTO fastify_leads (idempotency_key, phone, payload) VALUES ($1, $2, $3)
           ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    values: [lead.idempotency_key ?? null, lead.phone ?? null, lead],
  });
  reply.code(201);
  return { id: result.rows[0]?.id ?? null, created: result.rowCount === 1 };
});

const address = await app.listen({
  host: process.env.HOST ?? "127.0.0.1",
  port: Number(process.env.PORT ?? 0),
});
console.log(`listening on ${address}`);

process.on("SIGTERM", async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
