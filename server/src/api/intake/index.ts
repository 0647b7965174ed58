// The lead intake feature: POST on the intake path, 405 with Allow: POST for every other method.
import { LEAD_INTAKE_PATH } from "@speed-to-lead/spec";
import { Elysia } from "elysia";
import {
  type BatchSettings,
  createFreshLeadBatch,
  DEFAULT_BATCH_SETTINGS,
} from "../../core/leads/fresh-lead-batch.ts";
import { createReplayCache } from "../../core/leads/replay-cache.ts";
import type { LiveStore } from "../../core/leads/service.ts";
import { requestState } from "../../http/request-state.ts";
import { problemResponse } from "../../http/respond.ts";
import { handleIntake, type IntakeDeps } from "./intake-handler.ts";

/** @param batch coalesced commits; the defaults when absent, with one batch in flight per database connection. */
export function leadIntake(
  options: Omit<IntakeDeps, "store"> & {
    batch?: Partial<BatchSettings>;
    ownTaskLeaseMs?: LiveStore["ownTaskLeaseMs"];
  },
) {
  const { batch, ownTaskLeaseMs, ...rest } = options;
  const settings = {
    ...DEFAULT_BATCH_SETTINGS,
    inFlight: options.db.connections,
    ...batch,
  };
  const deps: IntakeDeps = {
    ...rest,
    store: {
      batch: createFreshLeadBatch(options.db, settings),
      replays: createReplayCache(),
      ownTaskLeaseMs,
    },
  };
  return (
    new Elysia({ name: "lead-intake" })
      // parse: "none": Elysia must not read or validate the body; the handler does it after authentication.
      .post(LEAD_INTAKE_PATH, ({ request }) => handleIntake(deps, request), { parse: "none" })
      .all(LEAD_INTAKE_PATH, ({ request }) =>
        problemResponse(requestState(request), "method_not_allowed", { headers: { allow: "POST" } }),
      )
  );
}
