// The phone assistant's events: POST only (405 with Allow: POST otherwise), signed per Standard Webhooks.
import { ASSISTANT_EVENTS_PATH } from "@speed-to-lead/spec";
import { Elysia } from "elysia";
import { requestState } from "../../http/request-state.ts";
import { problemResponse } from "../../http/respond.ts";
import { type AssistantEventDeps, assistantEventHandler } from "./event-handler.ts";

export function assistantEvents(deps: AssistantEventDeps) {
  const handle = assistantEventHandler(deps);
  return (
    new Elysia({ name: "assistant-events" })
      // parse: "none": the signature covers the exact bytes, so the handler reads them itself.
      .post(ASSISTANT_EVENTS_PATH, ({ request }) => handle(request), { parse: "none" })
      .all(ASSISTANT_EVENTS_PATH, ({ request }) =>
        problemResponse(requestState(request), "method_not_allowed", { headers: { allow: "POST" } }),
      )
  );
}
