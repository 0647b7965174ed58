-- Account owners and their console: people, their explicit account memberships, sessions and sign-in
-- links (both stored only as SHA-256 hashes), failed sign-in counters, and channel-token expiry for rolls.

create table owners (
  id uuid primary key,
  -- Stored lower-cased: one person per address.
  email text not null unique,
  -- argon2id (Bun.password); NULL until the owner sets one through a sign-in link.
  password_hash text,
  created_at timestamptz not null default now(),
  disabled_at timestamptz
);

-- Which accounts a person may act for. Explicit, so one person may later belong to several accounts.
create table account_members (
  account_id uuid not null references accounts (id),
  owner_id uuid not null references owners (id),
  role text not null default 'owner' check (role in ('owner')),
  created_at timestamptz not null default now(),
  primary key (account_id, owner_id)
);
create index account_members_owner on account_members (owner_id);

-- A signed-in browser. The cookie holds 32 random bytes; only their SHA-256 is stored, so a copy of
-- the database cannot be replayed as a session. Every server process on the database shares them.
create table owner_sessions (
  id_hash text primary key,
  owner_id uuid not null references owners (id),
  account_id uuid not null references accounts (id),
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  -- Absolute expiry; the idle expiry is last_seen_at plus the idle limit.
  expires_at timestamptz not null
);
create index owner_sessions_owner on owner_sessions (owner_id);

-- Single-use links that let an owner set a password and sign in; valid 24 h.
create table sign_in_links (
  token_hash text primary key,
  owner_id uuid not null references owners (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);

-- Wrong passwords per key ("email:<address>" or "address:<client ip>"): after the threshold,
-- attempts are refused until locked_until, which grows with every further failure.
create table sign_in_failures (
  key text primary key,
  failures integer not null default 0,
  last_failure_at timestamptz not null default now(),
  locked_until timestamptz
);

-- A rolled token keeps working until expires_at; NULL: no expiry.
alter table channel_tokens add column expires_at timestamptz;
-- The token this one replaced by a roll, for the owner's record.
alter table channel_tokens add column rolled_from uuid references channel_tokens (id);
create index leads_token_received on leads (channel_token_id, received_at);
