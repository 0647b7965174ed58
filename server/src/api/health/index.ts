// GET /healthz (the process is up) and GET /readyz (migrations ran and the database answers).
import { Elysia } from "elysia";
import type { Database } from "../../db/database.ts";
import { requestState } from "../../http/request-state.ts";
import { jsonResponse, problemResponse, UNAVAILABLE_RETRY_SECONDS } from "../../http/respond.ts";
import type { Logger } from "../../logger.ts";
import { describeError } from "../../logger.ts";

const PING_TIMEOUT_MS = 2_000;

async function databaseAnswers(db: Database): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([db.query("select 1").then(() => true), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function health(deps: { db: Database; isReady(): boolean; logger: Logger }) {
  return new Elysia({ name: "health" })
    .get("/healthz", ({ request }) => jsonResponse(requestState(request), 200, { status: "ok" }))
    .get("/readyz", async ({ request }) => {
      const state = requestState(request);
      let ready = deps.isReady();
      if (ready) {
        ready = await databaseAnswers(deps.db).catch((error) => {
          deps.logger.warn("readiness check failed", describeError(error));
          return false;
        });
      }
      if (ready) return jsonResponse(state, 200, { status: "ready" });
      return problemResponse(state, "unavailable", { retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS });
    });
}
