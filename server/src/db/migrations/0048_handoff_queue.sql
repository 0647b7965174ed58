-- The hand-off's durable marker is a narrow queue row, inserted with the lead and deleted at its settlement; what
-- a settled response leaves (its status, attempts counter and last error) is kept on the lead, written by the
-- settlement's update of the lead, which touches no indexed column (HOT). The task row it replaces stayed for
-- ever: its settlement was a second version of a 120-byte row with a new entry in its lead index.
--
-- Why not the lead row alone, with a partial index on pending ones: leaving that index moves a column its
-- predicate reads, so every settlement would be a non-HOT update of the lead, one new entry in each of its six
-- indexes. The queue row costs two entries at insert (the task row's two) and none at its delete.
--
-- Two indexes: its key, the lead (every other statement names the lead), and the due time the claim and the
-- sweep read in order. With the key alone (claims in key order: lead ids are UUIDv7) every poll read each
-- leased row in flight to find none due: 3 to 7 rows per lead in the pipeline's count, more the slower the
-- delivery. By the due time a claim reads the rows it takes and nothing leased.
create table handoff_queue (
  lead_id uuid primary key,
  -- The lead's respond_by as this response was opened (a late consent opens another five minutes).
  due_at timestamptz not null,
  -- When the next claim may take it: a claim moves it past the delivery timeout (its lease).
  next_attempt_at timestamptz not null,
  -- Claims so far, over every response of the lead: the fence of a settlement (only the latest claim settles).
  attempts integer not null default 0,
  last_error text
);
create index handoff_queue_due on handoff_queue (next_attempt_at);

-- Null until a response settles, and while the next one is queued. task_id: the id the webhook-id and handoff ids
-- derive from, kept for tasks made before this migration; a newer lead's task id is the lead's own id.
-- response_no: null for the first response.
alter table leads add column task_id uuid,
  add column response_no integer,
  add column handoff_status text check (handoff_status in ('delivered', 'missed', 'cancelled')),
  add column handoff_attempts integer,
  add column handoff_error text,
  add column delivered_at timestamptz;

update leads l set task_id = t.id, response_no = nullif(t.response_no, 1),
  handoff_status = nullif(t.status, 'pending'), handoff_attempts = case when t.status <> 'pending' then t.attempts end,
  handoff_error = case when t.status <> 'pending' then t.last_error end, delivered_at = t.delivered_at
from response_tasks t where t.lead_id = l.id;

-- Pending tasks stay pending, their leases and attempts as they were.
insert into handoff_queue (lead_id, due_at, next_attempt_at, attempts, last_error)
select lead_id, due_at, next_attempt_at, attempts, last_error from response_tasks where status = 'pending';

drop table response_tasks;

-- A response task as the inbox, the lead's page and the checks read it: queued (pending), or as it settled.
create view response_tasks as
select coalesce(l.task_id, l.id) as id, l.id as lead_id, l.account_id,
  case when q.lead_id is not null then 'pending' else l.handoff_status end as status,
  coalesce(q.due_at, l.respond_by) as due_at, coalesce(q.attempts, l.handoff_attempts) as attempts,
  q.next_attempt_at, case when q.lead_id is not null then q.last_error else l.handoff_error end as last_error,
  l.delivered_at, coalesce(l.response_no, 1) as response_no
from leads l left join handoff_queue q on q.lead_id = l.id
where q.lead_id is not null or l.handoff_status is not null;
