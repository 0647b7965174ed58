-- Each lead's append-only evidence log, chained by SHA-256, written by triggers in the transaction of
-- the fact it records (a hand-off attempt, a call attempt, a do-not-call change of its number, a
-- repeat that changed what was received). Entry 1 ("received") is the lead row itself while its
-- as-received columns are unchanged: storing a lead writes no row here. The first change of those
-- columns writes entry 1 from the old row before logging the change, so its hash never moves.
--
-- hash = SHA-256 of UTF-8 (prev as 64 lowercase hex digits, "\n", body); entry 1's prev is 64 zeros.
-- body is the exact JSON text hashed: {"at", "data", "kind", "seq"} as PostgreSQL writes jsonb.
create table lead_evidence (
  lead_id uuid not null,
  seq integer not null,
  prev bytea not null,
  hash bytea not null,
  body text not null,
  primary key (lead_id, seq)
);

-- Nothing changes or removes an entry, whoever asks (the owner of the data included).
create function evidence_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception '% is append-only: % refused', tg_table_name, tg_op using errcode = 'P0001';
end
$$;
create trigger lead_evidence_append_only
  before update or delete on lead_evidence
  for each row execute function evidence_refuse_change();
create trigger lead_evidence_no_truncate
  before truncate on lead_evidence
  for each statement execute function evidence_refuse_change();

-- Instants as JavaScript's toISOString writes them, whatever the session's TimeZone and DateStyle.
create function evidence_time(at timestamptz) returns text language sql immutable as $$
  select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

create function evidence_hash(prev bytea, body text) returns bytea language sql immutable as $$
  select sha256(convert_to(encode(prev, 'hex') || E'\n' || body, 'UTF8'))
$$;

-- What the lead's row says was received: the fields that decide who is called and why.
create function evidence_received_data(l leads) returns jsonb language sql stable as $$
  select jsonb_build_object(
    'lead_id', l.id, 'account_id', l.account_id, 'channel_token_id', l.channel_token_id,
    'platform', l.platform, 'external_lead_id', l.external_lead_id, 'test', l.test, 'phone', l.phone,
    'consent', l.consent, 'consent_received_at', evidence_time(l.consent_received_at),
    'consent_channel_token_id', l.consent_channel_token_id)
$$;

create function evidence_body(seq integer, kind text, at timestamptz, data jsonb) returns text
language sql immutable as $$
  select jsonb_build_object('seq', seq, 'kind', kind, 'at', evidence_time(at), 'data', data)::text
$$;

create function evidence_received_body(l leads) returns text language sql stable as $$
  select evidence_body(1, 'received', l.received_at, evidence_received_data(l))
$$;

-- One lead's chain is extended by one transaction at a time: the lock waits for the other's commit.
create function evidence_lock(lead uuid) returns void language sql as $$
  select pg_advisory_xact_lock(hashtextextended('lead_evidence:' || lead::text, 0))
$$;

create function evidence_append(lead uuid, kind text, data jsonb) returns void language plpgsql as $$
declare
  last_seq integer;
  last_hash bytea;
  body text;
  received leads;
begin
  perform evidence_lock(lead);
  select e.seq, e.hash into last_seq, last_hash from lead_evidence e
  where e.lead_id = lead order by e.seq desc limit 1;
  if last_seq is null then
    select * into received from leads where id = lead;
    last_seq := 1;
    last_hash := evidence_hash(decode(repeat('00', 32), 'hex'), evidence_received_body(received));
  end if;
  body := evidence_body(last_seq + 1, kind, now(), data);
  insert into lead_evidence (lead_id, seq, prev, hash, body)
  values (lead, last_seq + 1, last_hash, evidence_hash(last_hash, body), body);
end
$$;

create function evidence_log_handoff() returns trigger language plpgsql as $$
begin
  perform evidence_append(new.lead_id, 'handoff', jsonb_build_object(
    'response_no', new.response_no, 'attempt', new.attempt, 'started_at', evidence_time(new.started_at),
    'latency_ms', new.latency_ms, 'acknowledged', new.ok, 'http_status', new.http_status,
    'error', new.error, 'decision', new.decision));
  return null;
end
$$;
create trigger handoff_attempts_evidence after insert on handoff_attempts
  for each row execute function evidence_log_handoff();

create function evidence_log_call_attempt() returns trigger language plpgsql as $$
begin
  perform evidence_append(new.lead_id, 'call_attempt', jsonb_build_object(
    'attempted_at', evidence_time(new.attempted_at), 'webhook_id', new.webhook_id));
  return null;
end
$$;
create trigger call_attempts_evidence after insert on call_attempts
  for each row execute function evidence_log_call_attempt();

-- Every lead of the account with that number; who made the change (an owner's address) and the note
-- stay in dnc_changes: the log is handed to third parties.
create function evidence_log_dnc_change() returns trigger language plpgsql as $$
declare
  lead uuid;
begin
  for lead in select id from leads where account_id = new.account_id and phone = new.phone order by id loop
    perform evidence_append(lead, 'do_not_call', jsonb_build_object(
      'action', new.action, 'via', new.via, 'phone', new.phone));
  end loop;
  return null;
end
$$;
create trigger dnc_changes_evidence after insert on dnc_changes
  for each row execute function evidence_log_dnc_change();

-- A repeat that changed what was received: entry 1 is written from the old row first (once).
create function evidence_log_lead_change() returns trigger language plpgsql as $$
declare
  zero bytea := decode(repeat('00', 32), 'hex');
  first text;
begin
  perform evidence_lock(new.id);
  if not exists (select 1 from lead_evidence where lead_id = new.id and seq = 1) then
    first := evidence_received_body(old);
    insert into lead_evidence (lead_id, seq, prev, hash, body)
    values (new.id, 1, zero, evidence_hash(zero, first), first);
  end if;
  perform evidence_append(new.id, 'repeat_merged', evidence_received_data(new));
  return null;
end
$$;
create trigger leads_evidence after update of platform, external_lead_id, test, phone, consent,
    consent_received_at, consent_channel_token_id on leads
  for each row
  when (old.platform is distinct from new.platform or old.external_lead_id is distinct from new.external_lead_id
    or old.test is distinct from new.test or old.phone is distinct from new.phone
    or old.consent is distinct from new.consent or old.consent_received_at is distinct from new.consent_received_at
    or old.consent_channel_token_id is distinct from new.consent_channel_token_id)
  execute function evidence_log_lead_change();
