-- The request log: what happened to each request that named a token (accepted or refused), kept for a bounded
-- time and a bounded number of rows per token (REQUEST_LOG_RETENTION_DAYS, REQUEST_LOG_MAX_ROWS_PER_TOKEN) by
-- the request log's sweep. Written in batches off the intake's path; never a lead's values, only the shape of
-- the posted body (field names and lengths).
create table request_log (
  -- Ascending in write order within a process: the console's and the API's cursor.
  id bigint generated always as identity,
  token_id uuid not null,
  account_id uuid not null,
  at timestamptz not null,
  method text not null,
  path text not null,
  status smallint not null,
  problem_code text,
  -- The JSON pointers of a 422's field errors (never the submitted values).
  pointers text[],
  latency_ms real not null,
  dry_run boolean not null default false,
  replayed boolean not null default false,
  client_address text,
  request_id text not null,
  -- The posted body's shape: field names with their kind and length, nested objects likewise.
  body jsonb
);
-- A token's rows newest first (pages, a row's detail, the per-token cap); no other key is needed.
create index request_log_token on request_log (token_id, id);
-- The retention sweep: rows older than the period, whatever their token.
create index request_log_at on request_log (at);
