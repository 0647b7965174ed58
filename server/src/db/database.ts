// The one data-access interface both drivers implement: plain SQL with $1 parameters, same text on both.

export type Row = Record<string, unknown>;

export interface Queryable {
  /** One statement with $n parameters; jsonb parameters are passed as objects, never pre-stringified. */
  query<T = Row>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface Database extends Queryable {
  readonly kind: "postgres" | "pglite";
  /** Statements it runs at once: the pool's size on PostgreSQL, 1 on PGlite's single connection. */
  readonly connections: number;
  /** Runs fn inside BEGIN … COMMIT on one connection; rolls back when fn throws. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
}

export interface Transaction extends Queryable {
  exec(script: string): Promise<void>;
}

/** A failed statement, with the driver's message and SQLSTATE only (never the parameters). */
export class DatabaseError extends Error {
  override readonly name = "DatabaseError";
  constructor(
    message: string,
    readonly sqlState: string | undefined,
  ) {
    super(message);
  }
}

/** The database cannot be reached or refuses work for now: answered with 503 and retried later. */
export class DatabaseUnavailableError extends Error {
  override readonly name: string = "DatabaseUnavailableError";
}

/**
 * The database is reached in a way the server cannot work with as configured (a pooler it was not told
 * about, a missing timeout): the message names the fix. Still "unavailable" to a request (503); at start
 * the process exits with it rather than retrying.
 */
export class DatabaseMisconfiguredError extends DatabaseUnavailableError {
  override readonly name = "DatabaseMisconfiguredError";
}

/**
 * SQLSTATEs a connection attempt is refused with: the database not accepting connections (55000, e.g.
 * ALLOW_CONNECTIONS false during maintenance), gone (3D000) or refusing our credentials (28000, 28P01).
 * To a caller each is the same "cannot reach the database now".
 */
const CONNECTION_REFUSED_STATES = new Set(["55000", "3D000", "28000", "28P01"]);

/**
 * SQLSTATE classes that mean "not now" rather than "wrong statement": connection, resources, shutdown,
 * and 57014 (statement_timeout cancelled it: the database is too slow or stuck right now).
 */
export function isUnavailableState(sqlState: string | undefined): boolean {
  if (!sqlState) return false;
  return (
    sqlState.startsWith("08") ||
    sqlState.startsWith("53") ||
    sqlState.startsWith("57P") ||
    sqlState === "57014" ||
    sqlState === "40001" ||
    sqlState === "40P01" ||
    CONNECTION_REFUSED_STATES.has(sqlState)
  );
}

/**
 * Longest wait for a row lock on PostgreSQL (lock_timeout of every pooled connection): a request
 * waiting on another one with the same idempotency key gives up after this and answers 409.
 */
export const LOCK_TIMEOUT_MS = 5_000;

/**
 * statement_timeout of every pooled PostgreSQL connection unless DATABASE_TIMEOUT_MS says otherwise;
 * above LOCK_TIMEOUT_MS, so a request waiting on an idempotency key still gets its 409.
 */
export const DEFAULT_DATABASE_TIMEOUT_MS = 8_000;

export const LOCK_NOT_AVAILABLE = "55P03";
