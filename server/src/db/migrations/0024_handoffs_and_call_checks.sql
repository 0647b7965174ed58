-- Each hand-off (one response of one lead) as it was offered to the assistant: its own id and the number it
-- offered (null for an email-only one), so the assistant's events and pre-dial checks apply to the number called,
-- whatever the lead's phone is by then. Written once per response, before its first delivery attempt.
create table handoffs (
  id uuid primary key,
  task_id uuid not null,
  response_no integer not null,
  lead_id uuid not null references leads (id),
  account_id uuid not null references accounts (id),
  phone text,
  offered_at timestamptz not null default now(),
  -- A lead has one task row: its hand-offs are found through it, so no index of their own by lead is written.
  unique (task_id, response_no)
);

-- Each pre-dial check (POST /api/speed-to-lead/call-checks): the number asked about and the answer given, for the
-- lead's timeline and evidence record. At most a bounded number per hand-off (call-checks.ts).
create table call_checks (
  id uuid primary key,
  handoff_id uuid not null references handoffs (id),
  lead_id uuid not null references leads (id),
  phone text not null,
  checked_at timestamptz not null,
  allowed boolean not null,
  answer jsonb not null,
  webhook_id text not null
);
create index call_checks_by_handoff on call_checks (handoff_id, checked_at);
create index call_checks_by_lead on call_checks (lead_id, checked_at);
