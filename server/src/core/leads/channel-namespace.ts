// Where a channel's posts live: an intake-only token's external ids and idempotency keys in its channel's own
// namespace, a read token's in the account's shared one; and consent that stays with the channel that collected it.
import type { Queryable } from "../../db/database.ts";
import type { ChannelIdentity } from "../accounts/authenticator.ts";
import type { LeadRow } from "./lead-record.ts";

/** A channel: the token, and the tokens rolled from or to it. */
export const channelOf = (channel: ChannelIdentity): string => channel.channelId ?? channel.tokenId;

/**
 * The namespace of a post's (platform, external_lead_id): a page's visitors hold its intake-only token, so
 * what they name can only be their own channel's leads. Null: the account's shared namespace, where the
 * account's servers (read tokens) deduplicate each other's leads.
 *
 * @example externalIdNamespace({ scope: "intake", channelId: "0193…", … }) // "0193…"
 */
export const externalIdNamespace = (channel: ChannelIdentity): string | null =>
  channel.scope === "intake" ? channelOf(channel) : null;

/**
 * The key as stored: an intake-only channel's keys are prefixed with its channel and a space, which no
 * sent key can hold (visible ASCII only), so no other channel can meet, squat or probe them.
 *
 * @example storedIdempotencyKey({ scope: "intake", channelId: "0193…", … }, "k1") // "0193… k1"
 */
export function storedIdempotencyKey(channel: ChannelIdentity, key: string): string;
export function storedIdempotencyKey(channel: ChannelIdentity, key: string | undefined): string | undefined;
export function storedIdempotencyKey(channel: ChannelIdentity, key: string | undefined) {
  if (key === undefined) return undefined;
  return channel.scope === "intake" ? `${channelOf(channel)} ${key}` : key;
}

/**
 * Whether `channel` first posted the lead (a roll keeps the channel). Consent follows the channel that collected
 * it: only that channel's repeats may add or replace a lead's consent block. And a read token that may not read
 * other channels reads only such leads.
 *
 * @example await postedByChannel(tx, storedLead, channel) // false for another token's lead
 */
export async function postedByChannel(
  q: Queryable,
  stored: Pick<LeadRow, "channel_token_id">,
  channel: ChannelIdentity,
): Promise<boolean> {
  if (stored.channel_token_id === channel.tokenId) return true;
  const [row] = await q.query<{ channel_id: string }>(
    "select coalesce(channel_id, id)::text as channel_id from channel_tokens where id = $1",
    [stored.channel_token_id],
  );
  return row?.channel_id === channelOf(channel);
}
