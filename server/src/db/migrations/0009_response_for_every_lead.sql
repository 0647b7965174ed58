-- A lead's task can carry a second response (late consent, a call after an email-only hand-off):
-- response_no numbers them, and the webhook-id of each response is its own.
alter table response_tasks add column response_no integer not null default 1;
-- Which response each delivery attempt belonged to (what a sender's GET of the lead lists).
alter table handoff_attempts add column response_no integer not null default 1;
