-- Fewer index entries and no per-row foreign-key checks on each lead's write path; what is
-- guaranteed stays the same.

-- A lead's token comes from the request's authentication, and no code deletes a token (a token is
-- revoked, not deleted). The two foreign keys from leads checked that with a query and a key-share
-- lock on the token row for every lead (MultiXacts when a token's leads commit together). Refusing
-- every delete of a token keeps the guarantee, stronger, at no cost to an insert.
alter table leads drop constraint leads_channel_token_id_fkey;
alter table leads drop constraint leads_consent_channel_token_id_fkey;

create function refuse_token_delete() returns trigger language plpgsql as $$
begin
  raise exception 'channel tokens are revoked, never deleted (leads name them)'
    using errcode = 'restrict_violation';
end
$$;

create trigger channel_tokens_never_deleted
  before delete on channel_tokens
  for each row execute function refuse_token_delete();

-- One index for both the repeat's key (account, platform, external id) and the inbox's search by
-- external id (account, external id): the unique one leads with the searched columns, and holds only
-- leads that have an external id. Without one a lead never deduplicated (NULLs never conflict), so
-- uniqueness means the same; most leads now write no entry here.
alter table leads drop constraint leads_external_id_key;
drop index leads_account_external_id;
create unique index leads_external_id on leads (account_id, external_lead_id, platform)
  where external_lead_id is not null;

-- A hand-off's attempts are read by lead (one task per lead): the index by task was written by every
-- attempt and read by none that the lead's index does not serve.
drop index handoff_attempts_task;

-- Overdue tasks are found through the pending index by next_attempt_at (a task leased or waiting
-- for a retry is not yet overdue): the second pending index was one more entry for every task.
drop index response_tasks_pending_due;
