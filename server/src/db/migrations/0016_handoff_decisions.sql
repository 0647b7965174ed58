-- What each hand-off attempt decided, for the lead's evidence record: call permitted or not, the call
-- window with the rules that shaped it, and the version of the rules table that gave them.
alter table handoff_attempts add column decision jsonb;
