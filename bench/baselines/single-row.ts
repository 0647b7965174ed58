// The cost of one durable row per request on this cluster: pgbench inserting one row per transaction
// (prepared) into one table with a primary key and one unique index. Nothing the server does is cheaper.
export const SINGLE_ROW_TABLE = `create table single_rows (
  id bigint generated always as identity primary key,
  key text not null unique,
  received_at timestamptz not null default now()
)`;

export const SINGLE_ROW_SCRIPT = {
  text: "\\set n random(1, 9223372036854775806)\ninsert into single_rows (key) values (:client_id || '-' || :n);\n",
  defines: {},
};

/**
 * CPU µs per row (pgbench client + cluster) of the cell above at 32 clients on this 2-core machine:
 * 68–76 in its steady window in November 2026 (others were busy then: re-measure on a quiet day). A
 * run more than 1.3× away from it was not quiet enough to judge, and its verdicts are withheld.
 */
export const USUAL_SINGLE_ROW_CPU = 70;
