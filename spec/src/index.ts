// The lead intake contract: schemas, codes and limits that the server and the SDK derive from.
export * from "./assistant-event.ts";
export * from "./calling-rules.ts";
export * from "./consent.ts";
export * from "./date-time.ts";
export * from "./field-error-codes.ts";
export * from "./handoff-payload.ts";
export * from "./lead.ts";
export * from "./lead-accepted.ts";
export * from "./lead-status.ts";
export * from "./limits.ts";
export * from "./problem.ts";
export * from "./problem-codes.ts";
export * from "./response-state.ts";
export * from "./sources.ts";
export * from "./status-callback.ts";
export * from "./stored-lead.ts";
export * from "./translated.ts";
