// The captured-SQL ceiling, "this exact work without HTTP or JS": a short-lived server on a database of
// its own takes one fresh lead while PostgreSQL logs every statement (log_statement=all), and that
// request's statements become a pgbench script. Own database: no other server's rows interfere.
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { createDatabase } from "@speed-to-lead/tests/harness/postgres";
import { type PgbenchScript, runPgbench } from "./load.ts";
import { createBenchToken, postSampleLead, startLeadServer } from "./services.ts";

/** One statement as PostgreSQL executed it, with its bound parameters (null = SQL NULL). */
export interface CapturedStatement {
  pid: string;
  /** Virtual transaction id: statements of one transaction share it. */
  vxid: string;
  sql: string;
  params: (string | null)[];
}

export interface Ceiling {
  databaseUrl: string;
  script: PgbenchScript & { notes: string[] };
}

const PREFIX = "@@stl ";
const LINE = /^@@stl (\S+) (\S*) @@ ([A-Z]+):\s+(.*)$/;

/** Parses `$1 = 'a''b', $2 = NULL` (PostgreSQL's log format for bound parameters). */
export function parseParameters(detail: string): (string | null)[] {
  const params: (string | null)[] = [];
  for (const [, position, value] of detail.matchAll(/\$(\d+) = (NULL|'(?:[^']|'')*')/g))
    params[Number(position) - 1] = value === "NULL" ? null : value!.slice(1, -1).replaceAll("''", "'");
  return params;
}

/** Statements from a server log written with log_line_prefix '@@stl %p %v @@ '. */
export function parseStatementLog(log: string): CapturedStatement[] {
  const entries: { pid: string; vxid: string; level: string; message: string }[] = [];
  for (const line of log.split("\n")) {
    const match = LINE.exec(line);
    if (match) entries.push({ pid: match[1]!, vxid: match[2]!, level: match[3]!, message: match[4]! });
    else if (!line.startsWith(PREFIX) && entries.length > 0) entries.at(-1)!.message += `\n${line}`;
  }
  const statements: CapturedStatement[] = [];
  for (const { pid, vxid, level, message } of entries) {
    const sql = /^(?:statement|execute [^:]+): ([\s\S]*)$/.exec(message)?.[1];
    if (level === "LOG" && sql !== undefined) statements.push({ pid, vxid, sql: sql.trim(), params: [] });
    const last = statements.at(-1);
    if (level === "DETAIL" && message.startsWith("parameters: ") && last?.pid === pid)
      last.params = parseParameters(message.slice(12));
  }
  return statements;
}

/**
 * The request's statements: every transaction (pid + vxid) that mentions one of `markers` (the key we
 * sent, the lead id we got back). The rest (a token lookup on a cold cache, say) is set aside.
 */
export function selectRequestStatements(statements: CapturedStatement[], markers: string[]) {
  const mentions = (statement: CapturedStatement) =>
    markers.some(
      (marker) => statement.sql.includes(marker) || statement.params.some((p) => p?.includes(marker)),
    );
  const transactionOf = (statement: CapturedStatement) => `${statement.pid}/${statement.vxid}`;
  const chosen = new Set(statements.filter(mentions).map(transactionOf));
  return {
    request: statements.filter((statement) => chosen.has(transactionOf(statement))),
    other: statements.filter((statement) => !chosen.has(transactionOf(statement))),
  };
}

/** Milliseconds since the epoch of a UUIDv7, or undefined for other values. */
export function uuidV7Time(value: string): number | undefined {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) return undefined;
  return Number.parseInt(value.slice(0, 8) + value.slice(9, 13), 16);
}

/**
 * pgbench script of the captured statements. Parameters become `-D` variables (pgbench binds them, as
 * the server's driver does). Values under a unique constraint are regenerated per transaction: the
 * idempotency key from a random number, UUIDv7s minted during the request as time-ordered UUIDs (the
 * index sees the server's locality). Older UUIDs (account, token) and everything else stay constant.
 */
export function toPgbenchScript(
  statements: CapturedStatement[],
  idempotencyKey: string,
  mintedSince: number,
) {
  // Meta-commands first, SQL after: the script reads like the transaction the server ran.
  const variables = ["\\set key_n random(1, 9223372036854775806)"];
  const defines: Record<string, string> = {};
  const notes = ["idempotency key → 'bench-' || client_id || '-' || random bigint, per transaction"];
  const uuids = new Map<string, string>();
  // now() is constant inside a transaction, so every statement derives the same id from it.
  const inTransaction = /^begin\b/i.test(statements[0]?.sql ?? "");
  const expressionFor = (value: string | null): string => {
    if (value === null) return "NULL";
    if (value === idempotencyKey) return "('bench-' || :client_id || '-' || :key_n)";
    const minted = uuidV7Time(value);
    if (minted === undefined || minted < mintedSince) {
      const name = `p${Object.keys(defines).length + 1}`;
      defines[name] = value;
      return `:${name}`;
    }
    if (!uuids.has(value)) {
      const n = uuids.size + 1;
      variables.push(`\\set uuid${n} random(0, 9223372036854775806)`);
      const time = inTransaction
        ? "lpad(to_hex((extract(epoch FROM now()) * 1000)::bigint), 12, '0')"
        : "lpad(to_hex(:uuid0::bigint), 12, '0')";
      uuids.set(value, `(${time} || '7' || lpad(to_hex(:uuid${n}::bigint), 19, '0'))::uuid`);
      notes.push(
        `new UUIDv7 ${value} → time-ordered random UUID per transaction (same value wherever it appeared)`,
      );
    }
    return uuids.get(value)!;
  };
  const lines = statements.map(({ sql, params }) => {
    const bound = sql.replace(/\$(\d+)(?!\d)/g, (_, digits: string) =>
      expressionFor(params[Number(digits) - 1] ?? null),
    );
    return bound.endsWith(";") ? bound : `${bound};`;
  });
  if (!inTransaction && uuids.size > 0) variables.push("\\set uuid0 random(0, 281474976710655)");
  return { text: `${[...variables, ...lines].join("\n")}\n`, defines, notes };
}

/**
 * Turns log_statement=all on cluster-wide (reloaded, no restart) around `send()`, then reads the new
 * part of the cluster's log, which the test harness writes next to the data directory.
 */
async function captureStatements(adminUrl: string, send: () => Promise<string[]>) {
  const admin = new Bun.SQL(adminUrl, { max: 1 });
  try {
    const [{ data_directory: dataDirectory }] = await admin`SHOW data_directory`;
    const [{ pid: adminPid }] = await admin`SELECT pg_backend_pid()::text AS pid`;
    const logFile = join(dirname(dataDirectory as string), "log");
    const offset = statSync(logFile).size;
    await admin.unsafe("ALTER SYSTEM SET log_statement = 'all'");
    await admin.unsafe(`ALTER SYSTEM SET log_line_prefix = '${PREFIX}%p %v @@ '`);
    await admin`SELECT pg_reload_conf()`;
    await Bun.sleep(300);
    let markers: string[] = [];
    try {
      markers = await send();
      await Bun.sleep(300);
    } finally {
      await admin.unsafe("ALTER SYSTEM RESET log_statement");
      await admin.unsafe("ALTER SYSTEM RESET log_line_prefix");
      await admin`SELECT pg_reload_conf()`;
    }
    const log = readFileSync(logFile).subarray(offset).toString("utf8");
    // Our own ALTER SYSTEM and reload are not the server's.
    const statements = parseStatementLog(log).filter((statement) => statement.pid !== adminPid);
    return selectRequestStatements(statements, markers);
  } finally {
    await admin.close();
  }
}

export async function prepareCeiling(clusterUrl: string, consentAt: string): Promise<Ceiling> {
  const databaseUrl = await createDatabase(clusterUrl, "bench_ceiling");
  const token = await createBenchToken({ DATABASE_URL: databaseUrl });
  // Dispatcher off: the hand-off's own transactions name the lead id too, and are not the request's.
  const server = await startLeadServer(
    "ceiling-capture",
    { DATABASE_URL: databaseUrl },
    { logFile: "/dev/null" },
  );
  const key = `capture-${crypto.randomUUID()}`;
  let sentAt = 0;
  let captured: Awaited<ReturnType<typeof captureStatements>>;
  try {
    // Warm-up first: the token cache and prepared statements are then in their steady state.
    for (let index = 0; index < 20; index += 1)
      await postSampleLead(server.baseUrl, token, `warm-${crypto.randomUUID()}`, consentAt);
    captured = await captureStatements(databaseUrl, async () => {
      sentAt = Date.now();
      return [key, await postSampleLead(server.baseUrl, token, key, consentAt)];
    });
  } finally {
    await server.stop();
  }
  if (captured.request.length === 0)
    throw new Error("no statement of the captured request was found in the log");
  const script = toPgbenchScript(captured.request, key, sentAt);
  // One client for a second: a script that fails (a constraint, a type) fails here, not in the matrix.
  await runPgbench(databaseUrl, script, 1, 1);
  return { databaseUrl, script };
}
