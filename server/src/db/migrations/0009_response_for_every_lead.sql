-- A lead's task can carry a second response (late consent, a call after an email-only hand-off):
-- response_no numbers them, and the webhook-id of each response is its own.
alter table response_tasks add column response_no integer not null default 1;
-- Which response each delivery attempt belonged to (what a sender's GET of the lead lists).
alter table handoff_attempts add column response_no integer not null default 1;

-- Status callbacks: a channel token's URL and signing secret, where its sender hears what became of
-- its leads. The secret signs (HMAC), so it is kept as issued, like ASSISTANT_WEBHOOK_SECRET.
alter table channel_tokens add column callback_url text;
alter table channel_tokens add column callback_secret text;

-- The outbox of status callbacks, written in the transaction that changes the lead's state.
create table status_callbacks (
  id uuid primary key,
  lead_id uuid not null references leads (id),
  channel_token_id uuid not null references channel_tokens (id),
  type text not null check (type in ('lead.handed_off', 'lead.missed', 'lead.not_called')),
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  delivered_at timestamptz,
  last_error text
);
create index status_callbacks_due on status_callbacks (next_attempt_at) where status = 'pending';
