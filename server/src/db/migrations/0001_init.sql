-- Accounts, channel tokens, leads, idempotency records and the response-task outbox.
-- Uniqueness lives here, in constraints, so several server processes on one database stay correct.

create table accounts (
  id uuid primary key,
  slug text not null unique,
  name text not null,
  created_at timestamptz not null default now()
);

create table channel_tokens (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  name text not null,
  -- SHA-256 of the whole token, hex; the token itself is shown once and never stored.
  token_hash text not null unique,
  -- The last four characters, so an owner can tell tokens apart in a listing.
  token_hint text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index channel_tokens_account on channel_tokens (account_id);

create table leads (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  channel_token_id uuid not null references channel_tokens (id),
  phone text,
  email text,
  first_name text,
  last_name text,
  source text not null,
  source_original text,
  source_campaign text,
  property_ref text,
  price bigint,
  language text,
  timezone text,
  context jsonb,
  source_event_at text,
  external_lead_id text,
  platform text,
  test boolean not null default false,
  -- The consent block exactly as received, with when and through which token it arrived.
  consent jsonb,
  consent_received_at timestamptz,
  consent_channel_token_id uuid references channel_tokens (id),
  received_at timestamptz not null,
  respond_by timestamptz not null,
  updated_at timestamptz not null,
  response_state text not null check (response_state in ('pending', 'handed_off', 'missed', 'not_called')),
  response_reason text check (response_reason in ('test', 'no_consent', 'no_phone')),
  -- NULL platform or external_lead_id never conflicts: without both, a lead does not deduplicate.
  constraint leads_external_id_key unique (account_id, platform, external_lead_id)
);
create index leads_account_received on leads (account_id, received_at);

-- One row per (account, idempotency key), written in the same transaction as the lead it answered.
create table idempotency_keys (
  account_id uuid not null references accounts (id),
  key text not null,
  fingerprint text not null,
  lead_id uuid references leads (id),
  response_status integer,
  response_body text,
  created_at timestamptz not null default now(),
  primary key (account_id, key)
);

-- Transactional outbox of the five-minute response: one task per call-eligible lead, written with it.
create table response_tasks (
  id uuid primary key,
  lead_id uuid not null unique references leads (id),
  account_id uuid not null references accounts (id),
  status text not null default 'pending' check (status in ('pending', 'delivered', 'missed')),
  -- The lead's respond_by: the five-minute promise this task serves.
  due_at timestamptz not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz not null default now()
);
create index response_tasks_pending on response_tasks (next_attempt_at) where status = 'pending';
