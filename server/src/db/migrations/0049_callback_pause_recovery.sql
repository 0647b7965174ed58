-- A token's status callbacks paused after failing for a day (core/callbacks/callback-pause.ts): when the current
-- run of failed attempts began (cleared by a delivered one) and when the token was paused (cleared by "Resume").
-- Both are written only when they change, so a healthy token's settlements do not touch its row.
alter table channel_tokens add column callbacks_failing_since timestamptz;
alter table channel_tokens add column callbacks_paused_at timestamptz;
-- "Recover since" reads a token's callbacks of a period in order, a bounded batch at a time.
create index status_callbacks_token_created on status_callbacks (channel_token_id, created_at, id);
