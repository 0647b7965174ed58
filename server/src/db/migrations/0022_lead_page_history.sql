-- What a lead's page shows of its history, kept for every lead.
--
-- The names of the fields the API ignored, written by the intake with the lead itself (same statement; a repeat
-- adds its own in its update): first seen first, at most 20, each cut to 64 characters by the writer
-- (IGNORED_FIELDS_KEPT, IGNORED_FIELD_NAME_MAX in spec/src/limits.ts). Null when none: no bytes in most rows.
alter table leads add column ignored_fields text[]
  check (cardinality(ignored_fields) between 1 and 20);

-- Until now the names were known only from the answers kept for idempotency keys: carried over, in the order the
-- keys were used. An answer holding an escape PostgreSQL cannot store (NUL, a lone surrogate) is left out.
with named as (
  select k.lead_id, left(n.name, 64) as name, min(k.created_at) as first_at, min(n.ord) as ord
  from idempotency_keys k
  cross join lateral jsonb_array_elements_text(k.response_body::jsonb -> 'ignored_fields') with ordinality as n(name, ord)
  where k.lead_id is not null and k.response_body like '%"ignored_fields":["%'
    and k.response_body !~ '\\u(0000|[dD][89abAB])'
  group by k.lead_id, left(n.name, 64)
), ranked as (
  select lead_id, name, row_number() over (partition by lead_id order by first_at, ord, name) as rank
  from named
)
update leads l set ignored_fields = kept.names
from (select lead_id, array_agg(name order by rank) as names from ranked where rank <= 20 group by lead_id) kept
where l.id = kept.lead_id;

-- The calls the assistant reported for a lead, listed on its page (the caps read them by account and number).
create index call_attempts_by_lead on call_attempts (lead_id, attempted_at);
