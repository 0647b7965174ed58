-- A lead's repeat history stays bounded: identical repeats (same token, same payload) within a minute count in
-- one row, and a lead takes at most REPEATS_PER_LEAD_PER_HOUR repeats an hour (spec/src/limits.ts).
alter table lead_repeats add column fingerprint text;
alter table lead_repeats add column repeat_count integer not null default 1 check (repeat_count >= 1);
alter table lead_repeats add column last_received_at timestamptz;
