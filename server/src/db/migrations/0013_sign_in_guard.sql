-- The sign-in guard: an attempt is counted before its password is checked, in windows, with locks that grow to a
-- cap; browsers that signed in before keep an allowance of their own; expired rows are swept.

-- Attempts (not only failures) in the current window, taken before the argon2 work; locks so far, for the growth.
alter table sign_in_failures rename to sign_in_attempts;
alter table sign_in_attempts rename column failures to attempts;
alter table sign_in_attempts rename column last_failure_at to last_attempt_at;
alter table sign_in_attempts add column locks integer not null default 0;
create index sign_in_attempts_last_attempt on sign_in_attempts (last_attempt_at);

-- A browser that signed in as this owner (OWASP's device cookie): the cookie holds 32 random bytes, this table
-- their SHA-256. Such a browser is throttled on its own allowance, not the owner's email.
create table owner_devices (
  id_hash text not null,
  owner_id uuid not null references owners (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  primary key (id_hash, owner_id)
);
create index owner_devices_owner on owner_devices (owner_id);
create index owner_devices_expires on owner_devices (expires_at);
create index owner_sessions_expires on owner_sessions (expires_at);
create index sign_in_links_expires on sign_in_links (expires_at);
