-- The Do-not-call page reads an account's numbers newest first, a page at a time (keyset on added_at, phone).
create index dnc_numbers_account_added on dnc_numbers (account_id, added_at desc, phone desc);
