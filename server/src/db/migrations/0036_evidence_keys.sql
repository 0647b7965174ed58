-- The public keys evidence records are signed with (a JWKS at GET /api/speed-to-lead/evidence-keys),
-- kept after rotation so every record ever handed out still verifies. kid: the RFC 7638 thumbprint.
create table evidence_keys (
  kid text primary key,
  public_jwk jsonb not null,
  -- PKCS#8 PEM encrypted with the secret file beside the PGlite folder; null when the private key
  -- lives elsewhere (EVIDENCE_PRIVATE_KEY, or a process's own key) or after rotation.
  private_key_encrypted text,
  created_at timestamptz not null default now(),
  retired_at timestamptz
);

create trigger evidence_keys_kept
  before delete or truncate on evidence_keys
  for each statement execute function evidence_refuse_change();
