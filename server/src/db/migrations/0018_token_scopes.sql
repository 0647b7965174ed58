-- What a channel token may do: 'intake' posts leads and dry runs (the kind for web pages, issued as
-- stl_pk_…); 'read' may also read its account's leads (stl_ch_…). Every token issued before scopes
-- could read, so existing rows take 'read'.
alter table channel_tokens add column scope text not null default 'read' check (scope in ('intake', 'read'));
