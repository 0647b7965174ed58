// How a request asks the intake for a dry run (core/leads/dry-run.ts runs it), and how the answer says it was one.

/** The request header that asks for a dry run, and the value it takes (the answer carries it back). */
export const DRY_RUN_HEADER = "dry-run";

/** Whether the request asks for a dry run: `Dry-Run: true`, or `Prefer: handling=dry-run`. */
export function wantsDryRun(headers: Headers): boolean {
  if (headers.get(DRY_RUN_HEADER)?.trim().toLowerCase() === "true") return true;
  const prefer = headers.get("prefer") ?? "";
  return prefer.split(/[;,]/).some((part) => part.trim().toLowerCase() === "handling=dry-run");
}
