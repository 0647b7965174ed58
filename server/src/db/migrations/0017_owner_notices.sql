-- What a console form leaves for the page its redirect opens (POST-redirect-GET): a confirmation line, or a secret
-- shown once. Sealed with a key derived from the session's cookie secret, of which the database keeps only a hash,
-- so a copy of this table reveals nothing; read once (deleted as it is read), and gone with the session.
create table owner_notices (
  id uuid primary key,
  session_hash text not null references owner_sessions (id_hash) on delete cascade,
  sealed text not null,
  created_at timestamptz not null default now()
);
create index owner_notices_session on owner_notices (session_hash);
