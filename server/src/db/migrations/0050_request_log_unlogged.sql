-- The request log costs the intake next to nothing: it was about 1.4 KB of WAL and two index entries per request,
-- more than the lead's own. Now:
-- * UNLOGGED: no WAL. A crash of PostgreSQL empties the table (a debug log's recent rows, never a lead); a clean
--   restart keeps it, and replicas do not have it. PGlite takes the same statement.
-- * One index, (token_id, id): a token's pages, a row's detail, the per-token cap and the retention sweep (which
--   walks each token's oldest rows; request_log_at goes).
-- * The body's shape as text, one `pointer:kind[length]` per field (body-shape.ts), about a fifth of its JSON.
alter table request_log set unlogged;
drop index request_log_at;
alter table request_log add column body_shape text;
update request_log set body_shape = (
  select string_agg((field ->> 'pointer') || ':' || case field ->> 'kind'
      when 'string' then 's' when 'number' then 'n' when 'boolean' then 'b' when 'object' then 'o'
      when 'array' then 'a' else 'z' end || coalesce(field ->> 'length', ''), ' ' order by position)
  from jsonb_array_elements(body) with ordinality as fields(field, position))
where body is not null;
-- An empty shape (a body that was not an object) is '' where the JSON was [].
update request_log set body_shape = '' where body is not null and body_shape is null;
alter table request_log drop column body;
alter table request_log rename column body_shape to body;
