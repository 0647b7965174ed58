// The lead intake feature: POST on the intake path, 405 with Allow: POST for every other method.
import { LEAD_INTAKE_PATH } from "@speed-to-lead/spec";
import { Elysia } from "elysia";
import { requestState } from "../../http/request-state.ts";
import { problemResponse } from "../../http/respond.ts";
import { handleIntake, type IntakeDeps } from "./intake-handler.ts";

export function leadIntake(deps: IntakeDeps) {
  return (
    new Elysia({ name: "lead-intake" })
      // parse: "none": Elysia must not read or validate the body; the handler does it after authentication.
      .post(LEAD_INTAKE_PATH, ({ request }) => handleIntake(deps, request), { parse: "none" })
      .all(LEAD_INTAKE_PATH, ({ request }) =>
        problemResponse(requestState(request), "method_not_allowed", { headers: { allow: "POST" } }),
      )
  );
}
