-- Emergency holds: an operator stops calls to a state's (or some) area codes for a period, with a reason.

-- A lead under a hold that outlasts its five-minute response is answered without its phone.
alter table leads drop constraint leads_response_reason_check;
alter table leads add constraint leads_response_reason_check
  check (response_reason in ('test', 'no_consent', 'no_phone', 'opted_out', 'wrong_number', 'held'));

create table call_holds (
  id uuid primary key,
  -- The two-letter state the operator named; null for a hold given by area codes.
  state text,
  -- The codes held, a state's expanded when the hold was added: the claim compares the phone's code.
  area_codes text[] not null check (cardinality(area_codes) > 0),
  starts_at timestamptz not null,
  ends_at timestamptz not null check (ends_at > starts_at),
  reason text not null,
  created_by text not null,
  created_at timestamptz not null default now(),
  removed_at timestamptz,
  removed_by text
);
create index call_holds_current on call_holds (ends_at) where removed_at is null;
