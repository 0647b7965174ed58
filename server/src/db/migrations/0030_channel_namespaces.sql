-- Channels: a token and the tokens rolled from it are one channel. An intake-only token's external ids and
-- idempotency keys live in its channel's namespace, and a read token reads other channels' leads only when
-- its owner says so.

-- The first token of a roll chain names the channel; a roll copies it (token-service.ts). Null reads as the
-- token's own id (a row written without it, by an older writer, is a channel of its own).
alter table channel_tokens add column channel_id uuid;
with recursive chain (id, root) as (
  select id, id from channel_tokens where rolled_from is null
  union all
  select t.id, c.root from channel_tokens t join chain c on t.rolled_from = c.id
)
update channel_tokens t set channel_id = chain.root from chain where chain.id = t.id;

-- Reading another channel's leads is a choice per token, off for new tokens. Read tokens made before this
-- could read every lead of their account and scripts rely on it: they keep it until an owner turns it off.
alter table channel_tokens add column reads_all_channels boolean not null default false;
update channel_tokens set reads_all_channels = true where scope = 'read';

-- The namespace of a lead's (platform, external_lead_id): null is the account's shared one (read tokens,
-- the servers of an account), else the channel of the intake-only token that posted it. Null in almost
-- every row, so no bytes; in the unique index the shared namespace is the account's id. A lead without a
-- platform still never deduplicates (a null platform never conflicts), and the index still leads with
-- (account, external id) for the inbox's search.
alter table leads add column external_id_channel uuid;
drop index leads_external_id;
create unique index leads_external_id
  on leads (account_id, external_lead_id, platform, (coalesce(external_id_channel, account_id)))
  where external_lead_id is not null;
