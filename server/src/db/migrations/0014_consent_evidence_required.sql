-- An account may require consent evidence (a TrustedForm certificate, a LeadiD token, or either) before a call.
alter table accounts add column require_consent_evidence text not null default 'none'
  check (require_consent_evidence in ('none', 'trustedform', 'leadid', 'either'));

-- A lead without the evidence its account requires is stored and answered, but not called.
alter table leads drop constraint leads_response_reason_check;
alter table leads add constraint leads_response_reason_check
  check (response_reason in ('test', 'no_consent', 'no_phone', 'opted_out', 'wrong_number', 'held', 'evidence_missing'));
