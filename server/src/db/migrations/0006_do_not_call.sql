-- Each account's do-not-call list, every change to it, and the webhook-ids of the assistant's events.

-- Two new reasons a lead is not called, and a task closed because its number went on the list.
alter table leads drop constraint leads_response_reason_check;
alter table leads add constraint leads_response_reason_check
  check (response_reason in ('test', 'no_consent', 'no_phone', 'opted_out', 'wrong_number'));
alter table response_tasks drop constraint response_tasks_status_check;
alter table response_tasks add constraint response_tasks_status_check
  check (status in ('pending', 'delivered', 'missed', 'cancelled'));

-- The numbers on an account's list now, in E.164: the claim of every hand-off looks here.
create table dnc_numbers (
  account_id uuid not null references accounts (id),
  phone text not null,
  added_at timestamptz not null,
  primary key (account_id, phone)
);

-- Every change, kept: additions, removals and wrong-number reports, how each came in and from whom.
create table dnc_changes (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  phone text not null,
  action text not null check (action in ('add', 'remove', 'wrong_number')),
  via text not null check (via in ('assistant', 'cli', 'page')),
  -- The webhook-id of an assistant event, the operator of a CLI command, the owner on a page.
  actor text not null,
  note text,
  -- Hand-offs this change cancelled (add, wrong_number) or resumed (remove).
  tasks_affected integer not null default 0,
  created_at timestamptz not null default now()
);
create index dnc_changes_account_phone on dnc_changes (account_id, phone, created_at);

-- webhook-ids of the assistant's events already processed: a replay is refused. Ids older than the
-- accepted timestamp tolerance can go, since their timestamps are refused anyway.
create table assistant_webhook_ids (
  webhook_id text primary key,
  received_at timestamptz not null default now()
);
create index assistant_webhook_ids_received on assistant_webhook_ids (received_at);

-- A removal looks for the number's leads held back by the list; only those are indexed.
create index leads_opted_out on leads (account_id, phone) where response_reason = 'opted_out';
