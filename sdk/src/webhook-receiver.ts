// createWebhookReceiver(): verify, drop a webhook-id already processed, and dispatch by `type` to typed handlers.
import type { WebhookSecret } from "./webhook-signature";
import {
  type VerifiedWebhook,
  type VerifyWebhookOptions,
  verifyWebhook,
  verifyWebhookBody,
  type WebhookEvent,
  type WebhookHeaders,
  WebhookVerificationError,
} from "./webhook-verify";

/** Where processed webhook-ids are kept. Share one (Redis, a table) between processes that receive. */
export interface WebhookIdStore {
  /** Whether this webhook-id was processed. */
  has(id: string): boolean | Promise<boolean>;
  /** Records a webhook-id once its handler succeeded. */
  add(id: string): void | Promise<void>;
}

/** A handler of one event type; its delivery's id and time come second. */
export type WebhookHandler<Event> = (
  event: Event,
  delivery: { id: string; timestamp: Date },
) => void | Promise<void>;

/** What became of one delivery. */
export interface WebhookReceipt<Event> extends VerifiedWebhook<Event> {
  /** "handled": a handler ran; "duplicate": this webhook-id was processed before; "unhandled": no handler for its type. */
  outcome: "handled" | "duplicate" | "unhandled";
}

/** The options of createWebhookReceiver. */
export interface WebhookReceiverOptions extends VerifyWebhookOptions {
  /** The signing secret, or several while one is rotated. */
  secret: WebhookSecret;
  /** Processed webhook-ids (default: in this process's memory, the last 10,000). */
  seen?: WebhookIdStore | undefined;
}

/** A verifier and dispatcher of webhooks, idempotent on webhook-id. */
export interface WebhookReceiver<Event extends { type: string }> {
  /** Adds the handler of one event type, typed by it: `on("lead.missed", (event) => event.data.lead_id)`. */
  on<Type extends Event["type"]>(type: Type, handler: WebhookHandler<Extract<Event, { type: Type }>>): this;
  /** Verifies a raw body and its headers, then dispatches it once per webhook-id. */
  receiveBody(
    body: string | Uint8Array | ArrayBuffer,
    headers: WebhookHeaders,
  ): Promise<WebhookReceipt<Event>>;
  /** Verifies a Fetch Request (WebCrypto: edge runtimes too), then dispatches it once per webhook-id. */
  receive(request: Request): Promise<WebhookReceipt<Event>>;
  /**
   * A Fetch handler: 204 when handled, a duplicate or unhandled; 401 when not verified, 400 for a body that
   * cannot be read or parsed. An unusable secret or a handler that threw is thrown on, for your framework
   * to log and answer 500 (the service then delivers again).
   */
  fetch(request: Request): Promise<Response>;
}

/** The default store: the most recent ids in memory, oldest forgotten first, so it never grows without bound. */
function memoryStore(limit = 10_000): WebhookIdStore {
  const ids = new Set<string>();
  return {
    has: (id) => ids.has(id),
    add(id) {
      ids.add(id);
      if (ids.size > limit) ids.delete(ids.values().next().value as string);
    },
  };
}

/**
 * A receiver for the service's webhooks: verifies each delivery (rotated secrets, any Headers), skips a
 * webhook-id already processed (delivery is at least once; an id is recorded only after its handler
 * succeeded, and a second delivery arriving while the first runs waits for it), and calls the handler of
 * its `type`.
 *
 * @example
 * const receiver = createWebhookReceiver({ secret: [process.env.STL_SECRET!, process.env.STL_OLD_SECRET!] })
 *   .on("lead.missed", (event) => alertSales(event.data.lead_id))
 *   .on("lead.handed_off", (event, { id }) => log.info({ id }, "handed off"));
 * export default { fetch: receiver.fetch };
 */
export function createWebhookReceiver<Event extends { type: string } = WebhookEvent>(
  options: WebhookReceiverOptions,
): WebhookReceiver<Event> {
  const { secret, seen = memoryStore(), ...verify } = options;
  const handlers = new Map<string, WebhookHandler<never>>();
  const running = new Map<string, Promise<unknown>>();

  async function dispatch(verified: VerifiedWebhook<Event>): Promise<WebhookReceipt<Event>> {
    const { id } = verified;
    // A second delivery of an id in progress waits for the first: if that one succeeds, this is a duplicate.
    await running.get(id)?.catch(() => {});
    if (await seen.has(id)) return { ...verified, outcome: "duplicate" };
    const handler = handlers.get(verified.event.type) as WebhookHandler<Event> | undefined;
    if (!handler) return { ...verified, outcome: "unhandled" };
    const run = (async () => handler(verified.event, { id, timestamp: verified.timestamp }))();
    running.set(id, run);
    try {
      await run;
    } finally {
      running.delete(id);
    }
    await seen.add(id);
    return { ...verified, outcome: "handled" };
  }

  const receiver: WebhookReceiver<Event> = {
    on(type, handler) {
      handlers.set(type, handler as WebhookHandler<never>);
      return this;
    },
    async receiveBody(body, headers) {
      return dispatch(verifyWebhookBody<Event>(body, headers, secret, verify));
    },
    async receive(request) {
      return dispatch(await verifyWebhook<Event>(request, secret, verify));
    },
    fetch: async (request) => {
      try {
        await receiver.receive(request);
        return new Response(null, { status: 204 });
      } catch (error) {
        if (!(error instanceof WebhookVerificationError)) throw error;
        return new Response(null, { status: /unreadable|payload/.test(error.code) ? 400 : 401 });
      }
    },
  };
  return receiver;
}
