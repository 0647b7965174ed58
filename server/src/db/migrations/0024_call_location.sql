-- Where the person may be: a lead's optional state (USPS code) and US ZIP narrow its call window.
alter table leads add column state text, add column postal_code text;

-- An account may call numbers that nothing places (toll-free, non-geographic, unknown area codes without a
-- state or postal_code), within the window legal in every zone and state of the contiguous US.
alter table accounts add column call_unknown_locations boolean not null default false;

-- Decided at the hand-off: nothing places the person, or the places share no calling hour within a week.
alter table leads drop constraint leads_response_reason_check;
alter table leads add constraint leads_response_reason_check
  check (response_reason in ('test', 'no_consent', 'no_phone', 'opted_out', 'wrong_number', 'held',
    'evidence_missing', 'location_unknown', 'no_common_hours'));
