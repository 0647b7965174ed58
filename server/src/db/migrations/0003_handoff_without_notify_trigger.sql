-- Drops the NOTIFY trigger of 0002: a NOTIFY inside the lead's transaction serialises commits
-- (PostgreSQL queues notifications under one global lock at commit, so group commit stops working).
-- Measured here with pgbench, 16 clients, fsync on: 6.5–8.4k inserts/s without it, 0.5–1.7k with it.
-- Dispatchers are now woken in-process after the commit, by a throttled NOTIFY sent outside the
-- lead's transaction when the server's own dispatcher is off, and by their poll.
drop trigger if exists response_tasks_notify on response_tasks;
drop function if exists notify_response_task();
