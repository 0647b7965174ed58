-- What the integration doctor reads of each logged request, derived when it is written and never a lead's value:
-- whether it carried an idempotency key, the lead it stored or replayed, how far consent.captured_at lay
-- before the request's arrival and how far its Date header lay from the server's clock (whole seconds, both
-- clamped), and whether a bot-check token came where the token requires one (null where none is required).
-- Nullable columns without a default: adding them rewrites no row, and rows before them read as unknown.
alter table request_log add column idempotency_key boolean,
  add column lead_id uuid,
  add column consent_lag_s integer,
  add column clock_skew_s integer,
  add column bot_check_sent boolean;
