-- The delivery log of status callbacks: one row per attempt (its event, URL, the receiver's status, latency, the
-- first bytes of its answer or the error, and when the next attempt is due), shown on the token's Recent requests
-- page. Swept with the request log (REQUEST_LOG_RETENTION_DAYS); a callback has at most CALLBACK_MAX_ATTEMPTS.
create table callback_attempts (
  callback_id uuid not null,
  channel_token_id uuid not null,
  attempt integer not null,
  event text not null,
  url text not null,
  at timestamptz not null default now(),
  status smallint,
  latency_ms real not null,
  answer_head text,
  error text,
  next_attempt_at timestamptz
);
create index callback_attempts_token on callback_attempts (channel_token_id, at);
