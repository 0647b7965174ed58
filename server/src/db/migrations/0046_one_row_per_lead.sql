-- One row per fresh lead on the intake: the lead carries its idempotency key, the request's fingerprint and
-- the response state its 201 answered, so a replay re-renders that 201 from the row instead of reading an
-- idempotency_keys row written beside every lead. idempotency_keys keeps what a row cannot re-render: a
-- repeat's answer (its 200 shows the merged lead of that moment) and the rare answer whose ignored_fields
-- the lead keeps cut (over 20 names, or names cut to 64 characters). Keys stored before this migration stay
-- there as they were: their answers were rendered from consent and context blocks whose key order jsonb did
-- not keep, so they could not be re-rendered byte for byte.

-- Consent and context as received: json keeps the text it is given (key order, number spelling), where jsonb
-- reorders keys. Readers get the same objects; the triggers that read them compare and test as jsonb.
drop trigger leads_trustedform_insert on leads;
drop trigger leads_trustedform_update on leads;
drop trigger leads_evidence on leads;
alter table leads alter column consent type json using consent::json,
  alter column context type json using context::json;

-- Cheap prefilter on the text, then the exact test: most leads carry no TrustedForm certificate.
create trigger leads_trustedform_insert after insert on leads
  for each row when (not new.test and strpos(new.consent::text, 'trustedform_url') > 0
    and new.consent::jsonb ? 'trustedform_url')
  execute function trustedform_claim_for_lead();
create trigger leads_trustedform_update after update of consent on leads
  for each row when (not new.test and strpos(new.consent::text, 'trustedform_url') > 0
    and new.consent::jsonb ? 'trustedform_url'
    and new.consent ->> 'trustedform_url' is distinct from old.consent ->> 'trustedform_url')
  execute function trustedform_claim_for_lead();
create trigger leads_evidence after update of platform, external_lead_id, test, phone, consent,
    consent_received_at, consent_channel_token_id on leads
  for each row
  when (old.platform is distinct from new.platform or old.external_lead_id is distinct from new.external_lead_id
    or old.test is distinct from new.test or old.phone is distinct from new.phone
    or old.consent::jsonb is distinct from new.consent::jsonb
    or old.consent_received_at is distinct from new.consent_received_at
    or old.consent_channel_token_id is distinct from new.consent_channel_token_id)
  execute function evidence_log_lead_change();

-- Null in a lead posted without a key (no bytes). answered_*: the response state the 201 said, which a
-- settlement later moves on in response_state; for an intake-only token, what its fields alone permitted.
alter table leads add column idempotency_key text,
  add column fingerprint text,
  add column answered_state text,
  add column answered_reason text;
create unique index leads_idempotency_key on leads (account_id, idempotency_key)
  where idempotency_key is not null;

-- A key lives in one of two tables, so a unique index cannot hold it alone: every claim takes this lock on
-- (account, key) until its transaction ends, then looks in both tables. A volatile function reads with a
-- snapshot of its own, taken after the wait: it sees the holder's commit, which the calling statement's
-- snapshot (taken before) would not. Keys are claimed in one order in every batch, so claims never deadlock.
-- Its two lookups are planned once per connection, maybe on empty tables: without sequential scans they stay
-- index probes whatever the statistics said then (one plan read every lead for each key: 233 rows per lead).
create function idempotency_key_free(account uuid, claimed text) returns boolean
language plpgsql volatile set enable_seqscan = off as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('idempotency_key:' || account::text || ' ' || claimed, 0));
  return not exists (select 1 from leads where account_id = account and idempotency_key = claimed)
    and not exists (select 1 from idempotency_keys where account_id = account and key = claimed);
end
$$;

-- A response task is found by its lead (one task per lead, unique): every statement that settles, retries or
-- reopens one names its lead. Its primary key was one more index entry for every lead and for every settlement
-- (a task's settlement is not HOT), read by nothing the lead's index does not serve. Its id stays, a UUIDv7 the
-- writer makes (the hand-off's webhook-id and handoff id derive from it), as handoff_attempts keeps its ids; a
-- retry's row names it and is written in the transaction that reopens the task.
alter table handoff_retries drop constraint handoff_retries_task_id_fkey;
alter table response_tasks drop constraint response_tasks_pkey;
