// The five-minute response: hand call-eligible leads to the assistant, in the server or a worker.
export type { HandoffConfig } from "./config.ts";
export { loadHandoffConfig } from "./config.ts";
export { Dispatcher } from "./dispatcher.ts";
export { type HandoffRuntime, type StartHandoffOptions, startHandoff } from "./handoff-runtime.ts";
export { type ServerHandoff, startServerHandoff } from "./server-handoff.ts";
export { bunSqlListen, type ListenFn } from "./task-notifications.ts";
