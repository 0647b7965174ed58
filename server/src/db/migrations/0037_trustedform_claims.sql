-- TrustedForm certificates claimed (retained) through ActiveProspect's API within their 72-hour window,
-- for accounts that gave their TrustedForm API key. A claim row is written with the lead (or the repeat
-- that brought the certificate) by the trigger below; the claimer works through due rows, retrying
-- until the window closes, and logs each answer in the lead's evidence log.
alter table accounts add column trustedform_api_key text;

create table trustedform_claims (
  lead_id uuid primary key,
  account_id uuid not null,
  cert_url text not null,
  -- The certificate expires 72 hours after the form was filled (consent.captured_at, else arrival).
  claim_by timestamptz not null,
  status text not null default 'pending' check (status in ('pending', 'retained', 'refused', 'expired')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text
);
create index trustedform_claims_due on trustedform_claims (next_attempt_at) where status = 'pending';

create function trustedform_claim_for_lead() returns trigger language plpgsql as $$
declare
  filled timestamptz;
begin
  if not exists (select 1 from accounts where id = new.account_id and trustedform_api_key is not null) then
    return null;
  end if;
  begin
    filled := least((new.consent ->> 'captured_at')::timestamptz, new.received_at);
  exception when others then
    filled := new.received_at;
  end;
  insert into trustedform_claims (lead_id, account_id, cert_url, claim_by)
  values (new.id, new.account_id, new.consent ->> 'trustedform_url', coalesce(filled, new.received_at) + interval '72 hours')
  on conflict (lead_id) do update set cert_url = excluded.cert_url, claim_by = excluded.claim_by,
    status = 'pending', attempts = 0, next_attempt_at = now(), last_error = null
  where trustedform_claims.cert_url <> excluded.cert_url;
  return null;
end
$$;
create trigger leads_trustedform_insert after insert on leads
  for each row when (new.consent ? 'trustedform_url' and not new.test)
  execute function trustedform_claim_for_lead();
create trigger leads_trustedform_update after update of consent on leads
  for each row when (new.consent ? 'trustedform_url' and not new.test
    and new.consent ->> 'trustedform_url' is distinct from old.consent ->> 'trustedform_url')
  execute function trustedform_claim_for_lead();
