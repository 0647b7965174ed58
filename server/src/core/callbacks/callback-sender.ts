// Delivers queued status callbacks to each token's URL, signed per Standard Webhooks, at least once.
import { retryDelayMs } from "../../backoff.ts";
import type { Database } from "../../db/database.ts";
import { postSignedWebhook, webhookSigner } from "../../http/signed-webhook.ts";
import { describeError, type Logger } from "../../logger.ts";
import { type ClaimedCallback, claimCallbacks, settleCallback } from "./callback-outbox.ts";
import { CallbackUrls } from "./callback-urls.ts";
import { callbackWebhookId, statusCallbackBody } from "./status-callback.ts";

/** Attempts before a callback is given up as failed (about a day with the default backoff cap). */
const CALLBACK_MAX_ATTEMPTS = 12;
const BATCH = 16;

/** The hand-off's timing settings, which callbacks share (one poll interval, one webhook timeout, one backoff). */
export interface CallbackSettings {
  pollIntervalMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  webhookTimeoutMs: number;
}

/**
 * Polls the outbox (and runs at once on wake()); several senders may share a database: claims are
 * leases. Any 2xx acknowledges; anything else is retried with backoff under the same webhook-id.
 *
 * @example const sender = new CallbackSender(db, settings, logger); sender.start();
 */
export class CallbackSender {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private urls: CallbackUrls | undefined;

  constructor(
    private readonly db: Database,
    private readonly settings: CallbackSettings,
    private readonly logger: Logger,
    private readonly send: typeof fetch = fetch,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.wake(), this.settings.pollIntervalMs);
    this.timer.unref?.();
    this.wake();
  }

  wake(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass().finally(() => {
      this.running = undefined;
      if (this.again && this.timer) {
        this.again = false;
        this.wake();
      }
    });
  }

  /** A token's callback URL was set or cleared (its NOTIFY): ask again, and run a pass. */
  callbackUrlsChanged(): void {
    this.urls?.changed();
    this.wake();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async pass(): Promise<void> {
    try {
      this.urls ??= new CallbackUrls(this.db);
      if (!(await this.urls.any())) return;
      const lease = this.settings.webhookTimeoutMs + 5_000;
      for (let claimed = await claimCallbacks(this.db, BATCH, lease); claimed.length > 0; ) {
        await Promise.all(claimed.map((callback) => this.deliver(callback)));
        if (claimed.length < BATCH || !this.timer) break;
        claimed = await claimCallbacks(this.db, BATCH, lease);
      }
    } catch (error) {
      this.logger.warn("status callback pass failed", describeError(error));
    }
  }

  private async deliver(callback: ClaimedCallback): Promise<void> {
    const error = await this.post(callback);
    if (error === undefined) {
      await settleCallback(this.db, callback, { ok: true });
      return;
    }
    const retryInMs =
      callback.attempts >= CALLBACK_MAX_ATTEMPTS ? undefined : retryDelayMs(callback.attempts, this.settings);
    this.logger.warn("status callback failed", {
      lead_id: callback.lead_id,
      attempt: callback.attempts,
      error_message: error,
    });
    await settleCallback(this.db, callback, { ok: false, error, retryInMs });
  }

  /** undefined when acknowledged, else why not. */
  private async post(callback: ClaimedCallback): Promise<string | undefined> {
    let sign: ReturnType<typeof webhookSigner>;
    try {
      sign = webhookSigner(callback.secret);
    } catch (error) {
      return String(error).slice(0, 300);
    }
    const webhookId = callbackWebhookId(callback.id);
    const result = await postSignedWebhook({
      url: callback.url,
      webhookId,
      body: JSON.stringify(statusCallbackBody(callback, Date.now())),
      sign,
      userAgent: "speed-to-lead-callback/1",
      timeoutMs: this.settings.webhookTimeoutMs,
      fetch: this.send,
    });
    return result.ok ? undefined : result.error;
  }
}
