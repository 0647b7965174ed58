// Whether any channel token has a status-callback URL: while none has, the sender leaves the outbox alone.
import type { Queryable } from "../../db/database.ts";

/** NOTIFY after a token's URL is set or cleared (setTokenCallback); senders LISTEN and ask again. */
export const CALLBACK_URLS_CHANNEL = "stl_callback_urls";
/** Without a notification (no LISTEN: PGlite, a pooler without a direct URL), a new URL is seen within this. */
export const CALLBACK_URLS_RECHECK_MS = 60_000;

/**
 * One cheap question instead of a claim per poll: "no URL" is kept for `recheckMs` or until
 * `changed()`; "some URL" is kept until `changed()` (the sender then polls as it always did).
 *
 * @example const urls = new CallbackUrls(db); if (await urls.any()) claimCallbacks(...);
 */
export class CallbackUrls {
  private known: { any: boolean; at: number } | undefined;

  constructor(
    private readonly db: Queryable,
    private readonly recheckMs = CALLBACK_URLS_RECHECK_MS,
  ) {}

  /** A token's URL was set or cleared: the next `any()` asks the database. */
  changed(): void {
    this.known = undefined;
  }

  async any(): Promise<boolean> {
    const now = Date.now();
    if (this.known && (this.known.any || now - this.known.at < this.recheckMs)) return this.known.any;
    const [row] = await this.db.query<{ any: boolean }>(
      "select exists (select 1 from channel_tokens where callback_url is not null) as any",
    );
    this.known = { any: row!.any, at: now };
    return this.known.any;
  }
}
