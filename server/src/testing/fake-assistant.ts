// A stand-in assistant for tests and the bench: verifies Standard Webhooks signatures, records deliveries.
import { Webhook } from "standardwebhooks";
import type { HandoffPayload } from "../core/handoff/payload.ts";

export interface ReceivedDelivery {
  webhookId: string;
  payload: HandoffPayload;
  /** Date.now() when the request arrived. */
  receivedAt: number;
  /** The status this fake answered. */
  status: number;
}

export interface FakeAssistant {
  url: string;
  secret: string;
  /** Every correctly signed request, in arrival order (failed ones included, with their status). */
  deliveries: ReceivedDelivery[];
  /** Requests whose signature did not verify: answered 401, never counted as deliveries. */
  rejected: number;
  /** Times a webhook-id arrived while a request with the same id was still being answered. */
  overlaps: number;
  /** The most requests this fake was answering at one moment. */
  maxInFlight: number;
  /** webhook-ids answered 2xx at least once. */
  acknowledged(): Set<string>;
  /** The next `count` signed requests get `status` (default 503) instead of 200. */
  failNext(count: number, status?: number): void;
  /** Hold every answer this long, so overlapping deliveries would be seen. */
  setDelay(ms: number): void;
  /** Forgets every delivery and setting, for the next test on the same assistant. */
  reset(): void;
  /** Resolves once `check` holds, polling every 20 ms; rejects with `what` after `timeoutMs`. */
  waitUntil(check: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/** A fresh Standard Webhooks secret: "whsec_" + 32 random bytes in base64. */
export function generateWebhookSecret(): string {
  return `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64")}`;
}

/** @example const assistant = startFakeAssistant(); // ASSISTANT_WEBHOOK_URL=assistant.url */
export function startFakeAssistant(options: { secret?: string; port?: number } = {}): FakeAssistant {
  const secret = options.secret ?? generateWebhookSecret();
  const verifier = new Webhook(secret);
  const deliveries: ReceivedDelivery[] = [];
  const inFlight = new Map<string, number>();
  const acknowledged = new Set<string>();
  let failures: { count: number; status: number } = { count: 0, status: 503 };
  let delayMs = 0;
  let rejected = 0;
  let overlaps = 0;
  let running = 0;
  let maxInFlight = 0;

  const server = Bun.serve({
    port: options.port ?? 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const receivedAt = Date.now();
      const body = await request.text();
      let payload: HandoffPayload;
      try {
        payload = verifier.verify(body, Object.fromEntries(request.headers)) as HandoffPayload;
      } catch {
        rejected++;
        return new Response("bad signature", { status: 401 });
      }
      const webhookId = request.headers.get("webhook-id")!;
      const sameId = inFlight.get(webhookId) ?? 0;
      if (sameId > 0) overlaps++;
      inFlight.set(webhookId, sameId + 1);
      maxInFlight = Math.max(maxInFlight, ++running);
      try {
        if (delayMs > 0) await Bun.sleep(delayMs);
        let status = 200;
        if (failures.count > 0) {
          failures = { ...failures, count: failures.count - 1 };
          status = failures.status;
        }
        deliveries.push({ webhookId, payload, receivedAt, status });
        if (status < 300) acknowledged.add(webhookId);
        return new Response(null, { status });
      } finally {
        running--;
        inFlight.set(webhookId, (inFlight.get(webhookId) ?? 1) - 1);
      }
    },
  });

  return {
    url: `http://127.0.0.1:${server.port}/hooks/handoff`,
    secret,
    deliveries,
    get rejected() {
      return rejected;
    },
    get overlaps() {
      return overlaps;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    acknowledged: () => acknowledged,
    failNext(count, status = 503) {
      failures = { count, status };
    },
    setDelay(ms) {
      delayMs = ms;
    },
    reset() {
      deliveries.length = 0;
      acknowledged.clear();
      failures = { count: 0, status: 503 };
      delayMs = 0;
      rejected = 0;
      overlaps = 0;
      maxInFlight = 0;
    },
    async waitUntil(check, what, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`fake assistant: timed out waiting for ${what}`);
        await Bun.sleep(20);
      }
    },
    stop: () => server.stop(true),
  };
}
