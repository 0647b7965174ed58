-- More facts in each lead's evidence log (migration 0035), written by triggers in the transaction of the fact:
-- each pre-dial check with its answer, each hold that touched the lead and its early end, the lead's
-- quarantine (held back from calls) and release, and each response decision no hand-off records. Who held or released (an operator, an owner) stays out:
-- the log is handed to third parties.

-- A pre-dial check, as answered: allowed or not, every reason, the window and the caps.
create function evidence_log_call_check() returns trigger language plpgsql as $$
begin
  perform evidence_append(new.lead_id, 'call_check', new.answer || jsonb_build_object('webhook_id', new.webhook_id));
  perform evidence_log_holds(new.lead_id, 'call_check', array(
    select h.id from call_holds h
    where h.removed_at is null and h.ends_at > now()
      and new.phone ~ '^\+1[0-9]{10}$' and h.area_codes @> array[substr(new.phone, 3, 3)]
      and not (select l.test from leads l where l.id = new.lead_id)
    order by h.starts_at, h.id));
  return null;
end
$$;

-- Which holds touched which lead: a hold touches a lead when a decision about it (a hand-off, a pre-dial
-- check) reads the hold, as decideCall reads those on the number's area code not removed and not over.
-- Its first touch writes a `hold` entry; its removal writes `hold_removed` to every lead it touched.
create table call_hold_leads (
  hold_id uuid not null,
  lead_id uuid not null,
  primary key (hold_id, lead_id)
);

-- The hold as stored (not who added it), once per lead, after the entry of the decision that read it.
create function evidence_log_holds(lead uuid, via text, holds uuid[]) returns void language plpgsql as $$
declare
  hold call_holds;
begin
  for hold in
    with touched as (
      insert into call_hold_leads (hold_id, lead_id) select unnest(holds), lead
      on conflict do nothing returning hold_id
    )
    select h.* from call_holds h join touched t on t.hold_id = h.id order by h.starts_at, h.id
  loop
    perform evidence_append(lead, 'hold', jsonb_build_object(
      'hold_id', hold.id, 'kind', hold.kind, 'state', hold.state, 'area_codes', to_jsonb(hold.area_codes),
      'starts_at', evidence_time(hold.starts_at), 'ends_at', evidence_time(hold.ends_at), 'reason', hold.reason,
      'removed_at', evidence_time(hold.removed_at), 'read_by', via));
  end loop;
end
$$;

create trigger call_checks_evidence after insert on call_checks
  for each row execute function evidence_log_call_check();

-- The hand-off's entry (0035) carries its decision whole, holds included; this names them as touching the
-- lead. Named after handoff_attempts_evidence, so it runs after it (triggers run in name order).
create function evidence_log_handoff_holds() returns trigger language plpgsql as $$
begin
  perform evidence_log_holds(new.lead_id, 'handoff', array(
    select (hold ->> 'id')::uuid from jsonb_array_elements(new.decision -> 'holds') hold));
  return null;
end
$$;
create trigger handoff_attempts_evidence_holds after insert on handoff_attempts
  for each row when (jsonb_typeof(new.decision -> 'holds') = 'array' and new.decision -> 'holds' <> '[]'::jsonb)
  execute function evidence_log_handoff_holds();

create function evidence_log_hold_removed() returns trigger language plpgsql as $$
declare
  lead uuid;
begin
  for lead in select lead_id from call_hold_leads where hold_id = new.id order by lead_id loop
    perform evidence_append(lead, 'hold_removed', jsonb_build_object(
      'hold_id', new.id, 'removed_at', evidence_time(new.removed_at)));
  end loop;
  return null;
end
$$;
create trigger call_holds_evidence after update of removed_at on call_holds
  for each row when (old.removed_at is null and new.removed_at is not null)
  execute function evidence_log_hold_removed();

-- Quarantine: a lead held back from calls (its post failed or lacked its token's bot check, or filled the
-- honeypot) at its arrival or by a repeat, and its release by an owner with the response it then gets.
create function evidence_log_quarantine() returns trigger language plpgsql as $$
begin
  if new.quarantine_released_at is not null then
    perform evidence_append(new.id, 'quarantine_released', jsonb_build_object(
      'quarantine', new.quarantine, 'released_at', evidence_time(new.quarantine_released_at),
      'response_state', new.response_state, 'response_reason', new.response_reason,
      'respond_by', evidence_time(new.respond_by)));
  else
    perform evidence_append(new.id, 'quarantined', jsonb_build_object('quarantine', new.quarantine));
  end if;
  return null;
end
$$;
-- Named after leads_evidence: a repeat that changes what was received writes entry 1 from the old row first.
create trigger leads_evidence_quarantine after update of quarantine, quarantine_released_at on leads
  for each row
  when (new.quarantine is not null and (
    (old.quarantine_released_at is null and new.quarantine_released_at is not null)
    or (new.quarantine_released_at is null
      and (old.quarantine is distinct from new.quarantine or old.quarantine_released_at is not null))))
  execute function evidence_log_quarantine();
create trigger leads_evidence_quarantine_insert after insert on leads
  for each row when (new.quarantine is not null)
  execute function evidence_log_quarantine();

-- A response decision that no hand-off entry records: not called at arrival (opted out, evidence missing, no
-- consent and no email…), refused at the claim, missed, cancelled by an opt-out, reopened. Handed off is the
-- hand-off's entry; a release is quarantine_released's; a test lead is never called (entry 1 says test).
create function evidence_log_response() returns trigger language plpgsql as $$
begin
  perform evidence_append(new.id, 'response', jsonb_build_object(
    'state', new.response_state, 'reason', new.response_reason, 'respond_by', evidence_time(new.respond_by)));
  return null;
end
$$;
create trigger leads_evidence_response after update of response_state, response_reason on leads
  for each row
  when (not new.test and new.response_state <> 'handed_off'
    and (old.response_state is distinct from new.response_state or old.response_reason is distinct from new.response_reason)
    and old.quarantine_released_at is not distinct from new.quarantine_released_at)
  execute function evidence_log_response();
create trigger leads_evidence_response_insert after insert on leads
  for each row when (not new.test and new.response_state = 'not_called')
  execute function evidence_log_response();
