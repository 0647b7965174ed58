-- What a lead's page shows of its history.

-- The calls the assistant reported for a lead, listed on its page (the caps read them by account and number).
create index call_attempts_by_lead on call_attempts (lead_id, attempted_at);
