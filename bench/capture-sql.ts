// Captures the SQL the server issues for one fresh lead (log_statement=all for one request) and
// turns it into a pgbench script: the database ceiling is "this exact work, without HTTP or JS".
import { readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";

/** One statement as PostgreSQL executed it, with its bound parameters (null = SQL NULL). */
export interface CapturedStatement {
  pid: string;
  /** Virtual transaction id: statements of one transaction share it. */
  vxid: string;
  sql: string;
  params: (string | null)[];
}

export interface PgbenchScript {
  text: string;
  /** String variables passed with `-D name=value`: pgbench turns `:name` into a bound parameter. */
  defines: Record<string, string>;
  /** What was substituted, for the report. */
  notes: string[];
}

const PREFIX = "@@stl ";
const LINE = /^@@stl (\S+) (\S*) @@ ([A-Z]+):\s+(.*)$/;

/** Parses `$1 = 'a''b', $2 = NULL` (PostgreSQL's log format for bound parameters). */
export function parseParameters(detail: string): (string | null)[] {
  const params: (string | null)[] = [];
  let index = 0;
  while (index < detail.length) {
    const head = /^\s*\$(\d+) = /.exec(detail.slice(index));
    if (!head) break;
    index += head[0].length;
    const position = Number(head[1]) - 1;
    if (detail.startsWith("NULL", index)) {
      params[position] = null;
      index += 4;
    } else if (detail[index] === "'") {
      let value = "";
      index += 1;
      while (index < detail.length) {
        const quote = detail.indexOf("'", index);
        if (quote === -1) throw new Error(`unterminated parameter in: ${detail.slice(0, 200)}`);
        value += detail.slice(index, quote);
        if (detail[quote + 1] === "'") {
          value += "'";
          index = quote + 2;
        } else {
          index = quote + 1;
          break;
        }
      }
      params[position] = value;
    } else {
      throw new Error(`unexpected parameter syntax in: ${detail.slice(index, index + 80)}`);
    }
    if (detail.startsWith(",", index)) index += 1;
  }
  return params;
}

/** Statements from a server log written with log_line_prefix '@@stl %p %v @@ '. */
export function parseStatementLog(log: string): CapturedStatement[] {
  const entries: { pid: string; vxid: string; level: string; message: string }[] = [];
  for (const line of log.split("\n")) {
    const match = LINE.exec(line);
    if (match) entries.push({ pid: match[1]!, vxid: match[2]!, level: match[3]!, message: match[4]! });
    else if (!line.startsWith(PREFIX) && entries.length > 0)
      entries[entries.length - 1]!.message += `\n${line}`;
  }
  const statements: CapturedStatement[] = [];
  for (const entry of entries) {
    if (entry.level === "LOG") {
      const simple = /^statement: ([\s\S]*)$/.exec(entry.message);
      const extended = /^execute [^:]+: ([\s\S]*)$/.exec(entry.message);
      const sql = (simple ?? extended)?.[1];
      if (sql !== undefined)
        statements.push({ pid: entry.pid, vxid: entry.vxid, sql: sql.trim(), params: [] });
    } else if (entry.level === "DETAIL" && entry.message.startsWith("parameters: ")) {
      const last = statements[statements.length - 1];
      if (last && last.pid === entry.pid) last.params = parseParameters(entry.message.slice(12));
    }
  }
  return statements;
}

/**
 * The statements that belong to the request: every transaction (pid + vxid) that mentions one of
 * `markers` (the idempotency key we sent, the lead id we got back). Anything else in the window —
 * a dispatcher polling its outbox, a token lookup on a cold cache — is returned separately.
 */
export function selectRequestStatements(
  statements: CapturedStatement[],
  markers: string[],
): { request: CapturedStatement[]; other: CapturedStatement[] } {
  const mentions = (statement: CapturedStatement) =>
    markers.some(
      (marker) => statement.sql.includes(marker) || statement.params.some((param) => param?.includes(marker)),
    );
  const transactionOf = (statement: CapturedStatement) => `${statement.pid}/${statement.vxid}`;
  const chosen = new Set(statements.filter(mentions).map(transactionOf));
  return {
    request: statements.filter((statement) => chosen.has(transactionOf(statement))),
    other: statements.filter((statement) => !chosen.has(transactionOf(statement))),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Milliseconds since the epoch of a UUIDv7, or undefined for other versions. */
export function uuidV7Time(value: string): number | undefined {
  if (!UUID.test(value) || value[14] !== "7") return undefined;
  return Number.parseInt(value.slice(0, 8) + value.slice(9, 13), 16);
}

/**
 * pgbench script of the captured statements. Parameters become `-D` string variables (pgbench binds
 * them, as the server's driver does). Values under a unique constraint are regenerated per
 * transaction: the idempotency key from a random number, and UUIDv7s minted during the request (row
 * ids) as time-ordered UUIDs, so the index sees the same locality as the server's. Older UUIDs (the
 * account, the token) and everything else (phone, payload, timestamps) stay the captured constants.
 */
export function toPgbenchScript(
  statements: CapturedStatement[],
  idempotencyKey: string,
  mintedSince: number,
): PgbenchScript {
  // Meta-commands first, SQL after: the script reads like the transaction the server ran.
  const variables: string[] = ["\\set key_n random(1, 9223372036854775806)"];
  const lines: string[] = [];
  const defines: Record<string, string> = {};
  const notes: string[] = [];
  const uuidExpressions = new Map<string, string>();
  // now() is constant inside a transaction, so every statement derives the same id from it.
  const inTransaction = /^begin\b/i.test(statements[0]?.sql ?? "");
  let defineCount = 0;
  const expressionFor = (value: string | null): string => {
    if (value === null) return "NULL";
    if (value === idempotencyKey) {
      if (!notes.some((note) => note.startsWith("idempotency key"))) {
        notes.push("idempotency key → 'bench-' || client_id || '-' || random bigint, per transaction");
      }
      return "('bench-' || :client_id || '-' || :key_n)";
    }
    const minted = uuidV7Time(value);
    if (minted !== undefined && minted >= mintedSince) {
      let expression = uuidExpressions.get(value);
      if (!expression) {
        const n = uuidExpressions.size + 1;
        variables.push(`\\set uuid${n} random(0, 9223372036854775806)`);
        const time = inTransaction
          ? "lpad(to_hex((extract(epoch FROM now()) * 1000)::bigint), 12, '0')"
          : "lpad(to_hex(:uuid0::bigint), 12, '0')";
        expression = `(${time} || '7' || lpad(to_hex(:uuid${n}::bigint), 19, '0'))::uuid`;
        uuidExpressions.set(value, expression);
        notes.push(
          `new UUIDv7 ${value} → time-ordered random UUID per transaction (same value wherever it appeared)`,
        );
      }
      return expression;
    }
    defineCount += 1;
    const name = `p${defineCount}`;
    defines[name] = value;
    return `:${name}`;
  };
  for (const statement of statements) {
    const sql = statement.sql.replace(/\$(\d+)(?!\d)/g, (_, digits: string) =>
      expressionFor(statement.params[Number(digits) - 1] ?? null),
    );
    lines.push(sql.endsWith(";") ? sql : `${sql};`);
  }
  if (!inTransaction && uuidExpressions.size > 0) {
    variables.push("\\set uuid0 random(0, 281474976710655)");
  }
  return { text: `${[...variables, ...lines].join("\n")}\n`, defines, notes };
}

export interface CaptureOptions {
  /** A superuser connection to the cluster the server uses. */
  adminUrl: string;
  /** Sends the request(s) to capture; returns strings that identify its statements. */
  send(): Promise<string[]>;
}

/**
 * Turns on log_statement=all (cluster-wide, reloaded, no restart) around `send()`, then reads the
 * new part of the cluster's log file, which the test harness writes next to the data directory.
 */
export async function captureStatements(options: CaptureOptions): Promise<{
  request: CapturedStatement[];
  other: CapturedStatement[];
}> {
  const admin = new Bun.SQL(options.adminUrl, { max: 1 });
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
      markers = await options.send();
      await Bun.sleep(300);
    } finally {
      await admin.unsafe("ALTER SYSTEM RESET log_statement");
      await admin.unsafe("ALTER SYSTEM RESET log_line_prefix");
      await admin`SELECT pg_reload_conf()`;
    }
    const log = readFileSync(logFile).subarray(offset).toString("utf8");
    // Our own ALTER SYSTEM / reload statements are not the server's.
    const statements = parseStatementLog(log).filter((statement) => statement.pid !== adminPid);
    return selectRequestStatements(statements, markers);
  } finally {
    await admin.close();
  }
}
