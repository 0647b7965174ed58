-- Sessions an owner can see and end: where from (address, browser), and "keep me signed in" (a longer idle limit
-- and absolute lifetime). The reset-mail budget per address, in the database so every process shares it.
alter table owner_sessions add column keep boolean not null default false;
alter table owner_sessions add column client_address text;
alter table owner_sessions add column user_agent text;

create table reset_mail_budget (
  email text primary key,
  window_start timestamptz not null default now(),
  sent integer not null default 0
);
create index reset_mail_budget_window on reset_mail_budget (window_start);
