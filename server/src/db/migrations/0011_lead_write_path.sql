-- What each lead's writes cost, made smaller without changing what is guaranteed.
--
-- Foreign keys whose guarantee the writing statement already gives: the lead's account comes from
-- the authenticated token, and a task, idempotency key, attempt or callback row is written in the
-- statement (or the claim) that holds its lead and task; none of these rows is ever deleted. Each
-- check share-locked a row per lead: the account's row for every lead of the account (MultiXacts
-- under load), and the lead or task row just written (a lock record in the WAL). The token's foreign
-- key stays: a token deleted while its request ran fails that lead alone.
alter table leads drop constraint leads_account_id_fkey;
alter table idempotency_keys drop constraint idempotency_keys_account_id_fkey;
alter table idempotency_keys drop constraint idempotency_keys_lead_id_fkey;
alter table response_tasks drop constraint response_tasks_account_id_fkey;
alter table response_tasks drop constraint response_tasks_lead_id_fkey;
alter table handoff_attempts drop constraint handoff_attempts_task_id_fkey;
alter table handoff_attempts drop constraint handoff_attempts_lead_id_fkey;
alter table status_callbacks drop constraint status_callbacks_lead_id_fkey;

-- Two indexes on (account_id, phone): the opted-out leads of a number are found through the one that
-- holds every lead with a phone, a few rows per number.
drop index leads_opted_out;
