-- What an intake-only token asks of a post before its lead may be called: a bot check (a Turnstile or
-- hCaptcha token the server verifies), an empty honeypot field, and an Origin from its list.
alter table channel_tokens add column bot_check_required boolean not null default false;
-- The name of a field a form hides from people: a post that fills it is treated as a failed bot check.
alter table channel_tokens add column honeypot_field text check (char_length(honeypot_field) between 1 and 64);
-- Exact origins (scheme://host[:port]); a post whose Origin is not listed is refused. Null: any origin.
alter table channel_tokens add column allowed_origins text[]
  check (cardinality(allowed_origins) between 1 and 20);

-- A lead held back from calls until an owner releases it: why (bot_check_missing, bot_check_failed,
-- honeypot), and when it was released. It is answered (by email) meanwhile: its response reason is
-- 'unverified' until the release.
alter table leads add column quarantine text
  check (quarantine in ('bot_check_missing', 'bot_check_failed', 'honeypot'));
alter table leads add column quarantine_released_at timestamptz;
create index leads_quarantined on leads (account_id, received_at) where quarantine is not null;

-- The reasons are added to whatever list the check holds now (other migrations extend it too): unverified
-- (held in quarantine), called_recently (its number's call was started by another lead within the account's
-- cool-down: 0033_call_cooldown.sql).
do $$
declare
  definition text;
begin
  select pg_get_constraintdef(oid) into definition from pg_constraint
  where conname = 'leads_response_reason_check' and conrelid = 'leads'::regclass;
  alter table leads drop constraint leads_response_reason_check;
  execute 'alter table leads add constraint leads_response_reason_check '
    || replace(definition, 'ARRAY[', 'ARRAY[''unverified''::text, ''called_recently''::text, ');
end
$$;
