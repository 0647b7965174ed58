-- Each call attempt the assistant reports (lead.call_attempted): counted per account and number for the call caps.
create table call_attempts (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  phone text not null,
  lead_id uuid not null references leads (id),
  attempted_at timestamptz not null,
  webhook_id text not null,
  received_at timestamptz not null default now()
);
create index call_attempts_by_number on call_attempts (account_id, phone, attempted_at);
