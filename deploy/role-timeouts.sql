-- Run once by PostgreSQL's image at first start: behind a transaction pooler no startup parameter can
-- carry the timeouts, so the role's defaults do (the server checks them at start and refuses without).
ALTER ROLE stl IN DATABASE leads SET statement_timeout = '8000ms';
ALTER ROLE stl IN DATABASE leads SET lock_timeout = '5000ms';
