-- Memberships, not global flags: an invitation is a pending row of one account, bound to a person only when
-- they set a password or sign in through it; removing an owner deletes that account's membership, never the
-- person. Sign-in links get a kind (each with its own lifetime), and every change that matters is audited.

create table account_invitations (
  id uuid primary key,
  account_id uuid not null references accounts (id),
  -- Stored lower-cased; no person row exists for it until the invitation is accepted.
  email text not null,
  -- The owner who invited; NULL for the operator (`stl owners create`).
  invited_by uuid references owners (id),
  -- SHA-256 of the link's 256-bit secret: the link itself is shown once (or mailed) and never stored.
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  withdrawn_at timestamptz
);
-- One pending invitation per account and address: a new one replaces the old in the same transaction.
create unique index account_invitations_pending on account_invitations (account_id, email)
  where accepted_at is null and withdrawn_at is null;
create index account_invitations_expires on account_invitations (expires_at);

-- 'reset' (forgot password, `stl owners link`: 60 minutes) or 'setup' (`stl owners create`: 7 days).
alter table sign_in_links add column kind text not null default 'reset' check (kind in ('reset', 'setup'));
create index sign_in_links_owner on sign_in_links (owner_id);

-- A person disabled everywhere by the old Team page keeps the person and loses the memberships instead: they
-- sign in nowhere, as before, and any account may invite them again.
delete from owner_sessions s using owners o where o.id = s.owner_id and o.disabled_at is not null;
delete from account_members m using owners o where o.id = m.owner_id and o.disabled_at is not null;
update owners set disabled_at = null where disabled_at is not null;

-- Who did what, for whom, from where: kept for AUDIT_RETENTION_DAYS, shown on the Audit page.
create table audit_events (
  id uuid primary key,
  -- NULL for events of no one account (a failed sign-in of an unknown address).
  account_id uuid references accounts (id),
  actor_id uuid references owners (id),
  -- The actor's address as typed or known at the time (a failed sign-in has no person).
  actor_email text,
  action text not null,
  target text,
  client_address text,
  at timestamptz not null default now()
);
create index audit_events_account_at on audit_events (account_id, at desc);
create index audit_events_at on audit_events (at);
-- A person's own rows (sign-ins, password changes) are shown to each account they belong to.
create index audit_events_actor_at on audit_events (actor_id, at desc) where account_id is null;

-- Notices not taken are swept by age.
create index owner_notices_created on owner_notices (created_at);

-- When the owner last gave their password in this session (sign-in, or re-confirmation): sensitive changes ask again
-- once it is older than 10 minutes.
alter table owner_sessions add column confirmed_at timestamptz not null default now();
