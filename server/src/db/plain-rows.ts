// Query results as plain arrays: Bun SQL's result arrays carry extra properties (count, command) callers should not see.

/** @example plainRows(await db.query("select 1")) // a plain Array */
export const plainRows = <T>(rows: T[]): T[] => Array.from(rows);
