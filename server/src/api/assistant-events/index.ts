// The phone assistant's events, signed per Standard Webhooks.
import { ASSISTANT_EVENTS_PATH } from "@speed-to-lead/spec";
import { signedAssistantRoute } from "../signed-assistant-request.ts";
import { type AssistantEventDeps, assistantEventHandler } from "./event-handler.ts";

export const assistantEvents = (deps: AssistantEventDeps) =>
  signedAssistantRoute("assistant-events", ASSISTANT_EVENTS_PATH, assistantEventHandler(deps));
