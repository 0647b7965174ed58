// GET /api/speed-to-lead/evidence-keys: the JWKS of every key evidence records were signed with, for anyone.
import { EVIDENCE_KEYS_PATH } from "@speed-to-lead/spec";
import { Elysia } from "elysia";
import { type EvidenceJwks, evidenceJwks } from "../../core/evidence/evidence-keys.ts";
import type { EvidenceKeyRef } from "../../core/evidence/evidence-signing-key.ts";
import type { Database } from "../../db/database.ts";
import { DatabaseUnavailableError } from "../../db/database.ts";
import { requestState } from "../../http/request-state.ts";
import { jsonResponse, problemResponse, UNAVAILABLE_RETRY_SECONDS } from "../../http/respond.ts";

/** One read of the table a minute at most, however many ask: the endpoint needs no token. */
const CACHE_MS = 60_000;

export function evidenceKeys(deps: { db: Database; isReady(): boolean; evidenceKey: EvidenceKeyRef }) {
  let cached: { jwks: EvidenceJwks; until: number } | undefined;
  let reading: Promise<EvidenceJwks> | undefined;
  const read = async () => {
    // The key this process signs with is published before it is listed.
    await deps.evidenceKey();
    const jwks = await evidenceJwks(deps.db);
    cached = { jwks, until: Date.now() + CACHE_MS };
    return jwks;
  };
  return new Elysia({ name: "evidence-keys" }).get(EVIDENCE_KEYS_PATH, async ({ request }) => {
    const state = requestState(request);
    const unavailable = () =>
      problemResponse(state, "unavailable", { retryAfterSeconds: UNAVAILABLE_RETRY_SECONDS });
    if (!deps.isReady()) return unavailable();
    try {
      if (!cached || cached.until <= Date.now()) {
        reading ??= read().finally(() => {
          reading = undefined;
        });
        await reading;
      }
      const jwks = cached!.jwks;
      return jsonResponse(state, 200, jwks, { "cache-control": "public, max-age=300" });
    } catch (error) {
      if (error instanceof DatabaseUnavailableError) return unavailable();
      throw error;
    }
  });
}
