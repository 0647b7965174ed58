-- One call per number per cool-down: a fresh lead whose number already had a call started (pending or handed
-- off, from any channel of the account) within the account's cool-down joins that lead's history instead of
-- starting another call. 24 hours unless the account says otherwise; 0 turns it off.
alter table accounts add column call_cooldown_hours integer not null default 24
  check (call_cooldown_hours between 0 and 168);

-- The earlier lead whose call this one joined (its response reason is then called_recently).
alter table leads add column joined_lead_id uuid;
create index leads_joined on leads (joined_lead_id) where joined_lead_id is not null;
