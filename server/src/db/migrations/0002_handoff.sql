-- Wake dispatchers the moment a response task commits: NOTIFY is sent on commit only (never for a
-- rolled-back lead) and merged per transaction. Dispatchers LISTEN on this channel and still poll
-- as a safety net, so a lost notification only delays a hand-off by one poll interval.
create function notify_response_task() returns trigger language plpgsql as $$
begin
  perform pg_notify('stl_response_tasks', '');
  return null;
end
$$;

create trigger response_tasks_notify
  after insert on response_tasks
  for each statement execute function notify_response_task();

-- The missed sweep looks for pending tasks past respond_by.
create index response_tasks_pending_due on response_tasks (due_at) where status = 'pending';
