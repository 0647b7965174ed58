-- The lead inbox: history a lead's detail shows (repeats, hand-off attempts, manual re-hand-offs) and
-- the indexes that keep an account's filtered pages and its live feed fast beside other accounts.

-- One row per repeat merged into a lead, written in the merge's transaction.
create table lead_repeats (
  id uuid primary key,
  lead_id uuid not null references leads (id),
  channel_token_id uuid not null references channel_tokens (id),
  received_at timestamptz not null,
  -- Lead columns the repeat changed (empty when it changed nothing).
  changed_fields text[] not null
);
create index lead_repeats_lead on lead_repeats (lead_id, received_at);

-- One row per delivery attempt the dispatcher finished (acknowledged or failed).
create table handoff_attempts (
  id uuid primary key,
  task_id uuid not null references response_tasks (id),
  lead_id uuid not null references leads (id),
  -- The task's attempts counter of this claim: attempt n of the task.
  attempt integer not null,
  started_at timestamptz not null,
  latency_ms integer not null,
  ok boolean not null,
  http_status integer,
  error text
);
create index handoff_attempts_lead on handoff_attempts (lead_id, started_at);
create index handoff_attempts_task on handoff_attempts (task_id, attempt);

-- "Hand off again", asked by an account owner. requested_by is the owner's id (no foreign key here:
-- owners live in their own migration).
create table handoff_retries (
  id uuid primary key,
  lead_id uuid not null references leads (id),
  task_id uuid not null references response_tasks (id),
  requested_by text not null,
  requested_at timestamptz not null
);
create index handoff_retries_lead on handoff_retries (lead_id, requested_at);

-- Inbox pages: newest first within an account, keyset on (received_at, id); replaces the 0001 index.
create index leads_inbox on leads (account_id, received_at, id);
drop index if exists leads_account_received;
-- Filters that can be rare (a state, a channel) get their own ordered index; frequent ones (test,
-- source, consent) read the main index and filter rows.
create index leads_inbox_state on leads (account_id, response_state, received_at, id);
create index leads_inbox_channel on leads (account_id, channel_token_id, received_at, id);
-- Search by phone (E.164), email (case-insensitive) or external id.
create index leads_account_phone on leads (account_id, phone) where phone is not null;
create index leads_account_email on leads (account_id, lower(email)) where email is not null;
create index leads_account_external_id on leads (account_id, external_lead_id) where external_lead_id is not null;
-- The live feed's catch-up: what changed in an account since a moment.
create index leads_account_updated on leads (account_id, updated_at, id);
