-- The hand-off history is append-only and read by lead only (the lead's page, its status for the
-- sender, its evidence record), through handoff_attempts_lead. Its primary key was one more index
-- entry for every attempt that no statement reads; an attempt's id stays (a UUIDv7 the writer makes),
-- as lead_changes keeps its rows without one.
alter table handoff_attempts drop constraint handoff_attempts_pkey;
