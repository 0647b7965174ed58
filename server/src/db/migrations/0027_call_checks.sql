-- Each pre-dial check (POST /api/speed-to-lead/call-checks): the hand-off and number asked about and the answer
-- given, for the lead's timeline and evidence record. At most a bounded number per hand-off (call-checks.ts). A
-- hand-off's id is derived from its task and response and its number is kept in its attempts' decision
-- (handoff-offers.ts): the hand-off itself writes nothing more.
create table call_checks (
  id uuid primary key,
  handoff_id uuid not null,
  lead_id uuid not null references leads (id),
  phone text not null,
  checked_at timestamptz not null,
  allowed boolean not null,
  answer jsonb not null,
  webhook_id text not null
);
create index call_checks_by_handoff on call_checks (handoff_id, checked_at);
create index call_checks_by_lead on call_checks (lead_id, checked_at);
