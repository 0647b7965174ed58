// The phone assistant's pre-dial checks, signed per Standard Webhooks.
import { CALL_CHECKS_PATH } from "@speed-to-lead/spec";
import { signedAssistantRoute } from "../signed-assistant-request.ts";
import { type CallCheckDeps, callCheckHandler } from "./check-handler.ts";

export const callChecks = (deps: CallCheckDeps) =>
  signedAssistantRoute("call-checks", CALL_CHECKS_PATH, callCheckHandler(deps));
