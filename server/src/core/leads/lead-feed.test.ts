// The lead feed's delivery: this process's subscribers at once without the database, other processes through NOTIFY, never twice.
import { describe, expect, it } from "vitest";
import type { Row } from "../../db/database.ts";
import type { ListenFn } from "../../db/listen.ts";
import { createLogger } from "../../logger.ts";
import { createLeadFeed } from "./lead-feed.ts";

/** A stand-in for PostgreSQL's NOTIFY/LISTEN: every notification reaches every listener, the sender's own too. */
function notificationBus() {
  const listeners = new Set<(payload: string) => void>();
  const sent: string[] = [];
  const db = {
    async query<T = Row>(text: string, params?: unknown[]): Promise<T[]> {
      expect(text).toBe("select pg_notify($1, $2)");
      const payload = String(params?.[1]);
      sent.push(payload);
      for (const listener of listeners) listener(payload);
      return [];
    },
  };
  const listen: ListenFn = async (_channel, onNotify) => {
    listeners.add(onNotify);
    return async () => {
      listeners.delete(onNotify);
    };
  };
  return { db, listen, sent };
}

const logger = createLogger("silent");
const settle = () => Bun.sleep(40);

describe("lead feed", () => {
  it("serves its own subscribers once, and other processes through NOTIFY", async () => {
    const bus = notificationBus();
    const here = createLeadFeed({ db: bus.db, logger, listen: bus.listen, coalesceMs: 1 });
    const there = createLeadFeed({ db: bus.db, logger, listen: bus.listen, coalesceMs: 1 });
    const heard = { here: 0, there: 0 };
    await here.subscribe("acct-1", () => heard.here++);
    await there.subscribe("acct-1", () => heard.there++);
    here.publish("acct-1");
    await settle();
    expect(heard).toEqual({ here: 1, there: 1 });
    expect(bus.sent).toHaveLength(1);
    await Promise.all([here.close(), there.close()]);
  });

  it("behind a pooler without LISTEN, still serves its own subscribers and tells the others", async () => {
    const bus = notificationBus();
    const pooled = createLeadFeed({ db: bus.db, logger, notify: true, coalesceMs: 1 });
    const listening = createLeadFeed({ db: bus.db, logger, listen: bus.listen, coalesceMs: 1 });
    const heard = { pooled: 0, listening: 0 };
    await pooled.subscribe("acct-1", () => heard.pooled++);
    await listening.subscribe("acct-1", () => heard.listening++);
    pooled.publish("acct-1");
    await settle();
    expect(heard).toEqual({ pooled: 1, listening: 1 });
    await Promise.all([pooled.close(), listening.close()]);
  });

  it("on the embedded database, delivers in-process only", async () => {
    const bus = notificationBus();
    const feed = createLeadFeed({ db: bus.db, logger, coalesceMs: 1 });
    let heard = 0;
    await feed.subscribe("acct-1", () => heard++);
    feed.publish("acct-1", "acct-2");
    await settle();
    expect(heard).toBe(1);
    expect(bus.sent).toEqual([]);
    await feed.close();
  });
});
