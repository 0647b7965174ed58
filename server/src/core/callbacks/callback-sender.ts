// Delivers queued status callbacks to each token's URL, signed per Standard Webhooks, at least once: a pool that
// claims as slots free, a limit per destination, fair between tokens, and a backoff of its own.
import { retryDelayMs } from "../../backoff.ts";
import type { Database } from "../../db/database.ts";
import type { ListenFn } from "../../db/listen.ts";
import { notifyChannel } from "../../db/notify-channel.ts";
import { checkDestination } from "../../http/public-destination.ts";
import { postSignedWebhook, webhookSigner } from "../../http/signed-webhook.ts";
import { describeError, type Logger } from "../../logger.ts";
import { OutboxWorker } from "../outbox/outbox-worker.ts";
import { type ClaimedCallback, claimCallbacks, settleCallback } from "./callback-outbox.ts";
import { CALLBACK_PAUSE_AFTER_MS, type PausedToken, recordCallbackOutcome } from "./callback-pause.ts";
import { CALLBACK_URLS_CHANNEL, CallbackUrls } from "./callback-urls.ts";
import { callbackWebhookId, statusCallbackBody } from "./status-callback.ts";

/**
 * Attempts before a callback is given up as failed. With the default backoff (1 min doubling, capped at 8 h,
 * ±20 %) the last one comes about a day after the first: 1+2+4+…+256 min, then two waits of 8 h ≈ 24.5 h.
 */
export const CALLBACK_MAX_ATTEMPTS = 12;

export interface CallbackSettings {
  pollIntervalMs: number;
  /** Per attempt: a receiver that hangs holds its slot this long at most. */
  timeoutMs: number;
  /** Callbacks in flight at once in this process. */
  concurrency: number;
  /** In flight at once per destination (scheme, host, port): a slow receiver holds no more slots than this. */
  perDestination: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** CALLBACK_ALLOW_PRIVATE: else every attempt resolves the host and refuses non-public addresses. */
  allowPrivate: boolean;
  /** CALLBACK_PAUSE_AFTER_MS: a token failing this long without a delivery is paused (default 24 h). */
  pauseAfterMs?: number;
}

/** What the sender tells its process, and its clock (a test fixes it). */
export interface CallbackSenderHooks {
  /** A token was paused by this sender's settlement: its owners are to be told (once, whichever process). */
  onPaused?: (token: PausedToken) => void;
  now?: () => Date;
}

/**
 * Polls the outbox (and runs at once on wake()); several senders may share a database: claims are leases.
 * Any 2xx acknowledges; anything else is retried with backoff under the same webhook-id. The loop (claim,
 * concurrency, wake-ups, stop) is OutboxWorker's; this class counts destinations, posts and settles.
 *
 * @example const sender = new CallbackSender(db, settings, logger); sender.start();
 */
export class CallbackSender {
  private readonly worker: OutboxWorker<ClaimedCallback>;
  /** This process's callbacks in flight per destination: the claim leaves those slots taken. */
  private readonly busy = new Map<string, number>();
  private urls: CallbackUrls | undefined;

  constructor(
    private readonly db: Database,
    private readonly settings: CallbackSettings,
    private readonly logger: Logger,
    private readonly send: typeof fetch = fetch,
    private readonly hooks: CallbackSenderHooks = {},
  ) {
    this.worker = new OutboxWorker({
      name: "status callback",
      logger,
      pollIntervalMs: settings.pollIntervalMs,
      concurrency: settings.concurrency,
      // A finished delivery frees a slot of its destination: a callback waiting for it may go now.
      passAfterEachDelivery: true,
      // No token has a URL: nothing can be due, and the outbox is not read.
      beforePass: () => {
        this.urls ??= new CallbackUrls(this.db);
        return this.urls.any();
      },
      claim: (limit) =>
        claimCallbacks(this.db, {
          limit,
          leaseMs: settings.timeoutMs + 5_000,
          perDestination: settings.perDestination,
          busy: this.busy,
        }),
      deliver: (callback) => this.deliverCounted(callback),
    });
  }

  start(): void {
    this.worker.start();
  }

  /** A token's callback URL was set or cleared (its NOTIFY): ask again, and run a pass. */
  callbackUrlsChanged(): void {
    this.urls?.changed();
    this.worker.wake();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  /** Holds one of its destination's slots while it runs. */
  private async deliverCounted(callback: ClaimedCallback): Promise<void> {
    const { destination } = callback;
    this.busy.set(destination, (this.busy.get(destination) ?? 0) + 1);
    try {
      await this.deliver(callback);
    } catch (error) {
      this.logger.warn("status callback settlement failed", describeError(error));
    } finally {
      const left = (this.busy.get(destination) ?? 1) - 1;
      if (left > 0) this.busy.set(destination, left);
      else this.busy.delete(destination);
    }
  }

  private async deliver(callback: ClaimedCallback): Promise<void> {
    const started = performance.now();
    const { error, status, answerHead } = await this.post(callback);
    const attempt = { status, answerHead, latencyMs: Math.round((performance.now() - started) * 10) / 10 };
    if (error === undefined) {
      await settleCallback(this.db, callback, { ok: true }, attempt);
    } else {
      const retryInMs =
        callback.attempts >= CALLBACK_MAX_ATTEMPTS
          ? undefined
          : retryDelayMs(callback.attempts, this.settings);
      this.logger.warn("status callback failed", {
        lead_id: callback.lead_id,
        attempt: callback.attempts,
        error_message: error,
      });
      await settleCallback(this.db, callback, { ok: false, error, retryInMs }, attempt);
    }
    const paused = await recordCallbackOutcome(
      this.db,
      callback.token_id,
      error === undefined,
      this.hooks.now?.() ?? new Date(),
      this.settings.pauseAfterMs ?? CALLBACK_PAUSE_AFTER_MS,
      this.logger,
    );
    if (!paused) return;
    this.logger.warn("status callbacks paused", {
      token_id: paused.tokenId,
      failing_since: paused.failingSince.toISOString(),
    });
    this.hooks.onPaused?.(paused);
  }

  /** error undefined when acknowledged, else why not; with the receiver's status and first bytes when it answered. */
  private async post(
    callback: ClaimedCallback,
  ): Promise<{ error?: string; status?: number; answerHead?: string }> {
    let sign: ReturnType<typeof webhookSigner>;
    try {
      sign = webhookSigner(callback.secret);
    } catch (error) {
      return { error: String(error).slice(0, 300) };
    }
    // Checked at every attempt: a name may point elsewhere since the URL was set.
    const destination = await checkDestination(callback.url, { allowPrivate: this.settings.allowPrivate });
    if (!destination.ok) return { error: `destination refused: ${destination.reason}` };
    const result = await postSignedWebhook({
      url: callback.url,
      webhookId: callbackWebhookId(callback.id),
      body: JSON.stringify(statusCallbackBody(callback, Date.now())),
      sign,
      userAgent: "speed-to-lead-callback/1",
      timeoutMs: this.settings.timeoutMs,
      fetch: this.send,
      keepAnswerHead: true,
    });
    return {
      error: result.ok ? undefined : result.error,
      status: result.status,
      answerHead: result.answerHead,
    };
  }
}

/**
 * The sender started, and woken by a URL set with `stl tokens callback` (LISTEN; without it the sender sees a new
 * URL within CALLBACK_URLS_RECHECK_MS). stop() drops the LISTEN, then lets callbacks in flight finish.
 *
 * @example const callbacks = await startCallbackSender({ db, settings, listen, logger }); … await callbacks.stop();
 */
export async function startCallbackSender(options: {
  db: Database;
  settings: CallbackSettings;
  listen: ListenFn | undefined;
  logger: Logger;
  onPaused?: CallbackSenderHooks["onPaused"];
}): Promise<{ stop(): Promise<void> }> {
  const { db, settings, listen, logger } = options;
  const sender = new CallbackSender(db, settings, logger, fetch, { onPaused: options.onPaused });
  sender.start();
  const unlisten = await notifyChannel(CALLBACK_URLS_CHANNEL, { listen, logger }).listen(() =>
    sender.callbackUrlsChanged(),
  );
  return {
    async stop() {
      await unlisten?.();
      await sender.stop();
    },
  };
}
