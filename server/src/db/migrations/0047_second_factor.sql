-- A second factor for owners: an authenticator app (TOTP, RFC 6238) with single-use recovery codes, asked after the
-- password at sign-in; an account may require one of every owner.

create table owner_totp (
  owner_id uuid primary key references owners (id) on delete cascade,
  -- The shared secret (base32). The app needs it in clear at every check, so it cannot be hashed.
  secret text not null,
  -- NULL while enrolment waits for the first code read from the app: until then sign-in does not ask for it.
  confirmed_at timestamptz,
  -- The highest time step (unix seconds / 30) accepted: each code works once (no replay within its window).
  last_step bigint not null default 0,
  -- Wrong codes in a row (sign-in and re-confirmation alike): past the limit the factor refuses for a while.
  failures integer not null default 0,
  failed_at timestamptz,
  created_at timestamptz not null default now()
);

-- Ten per owner, each usable once; only a salted SHA-256 is kept.
create table owner_recovery_codes (
  id uuid primary key,
  owner_id uuid not null references owners (id) on delete cascade,
  salt text not null,
  code_hash text not null,
  used_at timestamptz
);
create index owner_recovery_codes_owner on owner_recovery_codes (owner_id);

-- A sign-in whose password was right and whose second factor is still to come: the browser holds the secret of
-- its row in a cookie for a few minutes, and a few wrong codes end it.
create table second_factor_challenges (
  id_hash text primary key,
  owner_id uuid not null references owners (id) on delete cascade,
  account_id uuid not null references accounts (id),
  accounts integer not null,
  keep boolean not null default false,
  method text not null,
  next_path text,
  attempts integer not null default 0,
  expires_at timestamptz not null
);
create index second_factor_challenges_expires on second_factor_challenges (expires_at);

-- "Require a second factor": owners of the account without one are sent to enrolment before any other page.
alter table accounts add column require_second_factor boolean not null default false;

-- Passkeys (WebAuthn): each a public key the owner's authenticator holds the private half of, usable as the second
-- factor. At most 10 per owner.
create table owner_passkeys (
  -- The credential id (base64url), as the authenticator names it.
  id text primary key,
  owner_id uuid not null references owners (id) on delete cascade,
  -- The COSE public key (base64url): public, nothing to hide.
  public_key text not null,
  -- The authenticator's signature counter: one that goes backwards is a cloned key.
  counter bigint not null default 0,
  transports text,
  name text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index owner_passkeys_owner on owner_passkeys (owner_id);

-- The WebAuthn challenge a page handed out (adding a passkey: the session's; signing in: the sign-in's), used once.
alter table owner_sessions add column webauthn_challenge text;
alter table second_factor_challenges add column webauthn_challenge text;
