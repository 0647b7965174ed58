-- A settlement (handed_off, missed) changes leads.response_state and updated_at. Two indexes covered
-- them, so no such update was HOT: each rewrote the lead and an entry in every leads index (about 9).
-- Now no leads index holds either column, leads keep room on their page for the new version, and
-- the live feed finds changed leads in a narrow append-only log instead of an index on updated_at.

-- The state filter reads leads_inbox (account_id, received_at, id) and filters rows.
drop index leads_inbox_state;
drop index leads_account_updated;
-- Room for a settled version beside the old one (pages written from now on). A settlement updates a
-- burst of consecutive leads in one transaction, so their old versions cannot be pruned in between:
-- a page needs room for each lead's second version. Measured per lead at 32 connections: fillfactor
-- 85 made 0.4 of the settlements HOT, 70 made 0.6, 50 all of them. The price: the table's pages
-- stay about half full (the old versions' space is reclaimed for updates, not for new leads).
alter table leads set (fillfactor = 50);

-- One row per change of a lead's updated_at after its insert, written by the trigger below in the
-- changing statement's transaction. A new lead is found by received_at (its updated_at at insert).
create table lead_changes (
  account_id uuid not null,
  changed_at timestamptz not null,
  lead_id uuid not null
);
create index lead_changes_feed on lead_changes (account_id, changed_at, lead_id);

-- Once per statement: a settlement of a burst of leads logs them with one insert.
create function log_lead_changes() returns trigger language plpgsql as $$
begin
  insert into lead_changes (account_id, changed_at, lead_id)
  select n.account_id, n.updated_at, n.id
  from changed_new n join changed_old o on o.id = n.id
  where n.updated_at is distinct from o.updated_at;
  return null;
end
$$;

create trigger leads_log_changes
  after update on leads
  referencing old table as changed_old new table as changed_new
  for each statement execute function log_lead_changes();
