// POST-redirect-GET for every console form: the post leaves a one-time notice and redirects; the page it opens
// takes the notice once. Reloading that page changes nothing and shows neither the confirmation nor a secret again.
import { leaveNotice, takeNotice } from "../../core/accounts/owner-notices.ts";
import type { Queryable } from "../../db/database.ts";
import type { OwnerContext } from "./owner-guard.ts";
import { redirectTo } from "./page-response.ts";

/** What a form's redirect tells the next page; secrets travel sealed, never in the URL. */
export type ConsoleNotice =
  | { kind: "token-created"; name: string; token: string }
  | { kind: "token-rolled"; name: string; token: string; oldExpiresAt: string }
  | { kind: "token-renamed"; from: string; to: string }
  | { kind: "token-revoked"; name: string }
  | { kind: "token-settings-saved"; name: string }
  | { kind: "cooldown-saved"; hours: number }
  | { kind: "owner-invited"; email: string; link?: string }
  | { kind: "owner-removed"; email: string }
  | { kind: "invitation-withdrawn"; email: string }
  | { kind: "dnc-added"; phone: string }
  | { kind: "handed-off-again"; outcome: HandOffAgainOutcome }
  | { kind: "lead-released"; outcome: "done" | "not_held" }
  | { kind: "callbacks-recovered"; queued: number; read: number; resumeFrom?: string }
  | { kind: "callbacks-resumed" };

/** What "hand off again" came to: asked for, or why not. */
type HandOffAgainOutcome = "ok" | "not_failed" | "respond_by_passed" | "in_flight";

const NOTICE_PARAM = "notice";

/** 303 to `path` (a console path without a query) carrying the notice's id. */
export async function redirectWithNotice(
  db: Queryable,
  ctx: OwnerContext,
  path: string,
  notice: ConsoleNotice,
): Promise<Response> {
  const id = await leaveNotice(db, ctx.sessionSecret, notice);
  return redirectTo(ctx.state, ctx.request, `${path}?${NOTICE_PARAM}=${id}`);
}

/** The notice this page view was redirected with, once; undefined on a reload or without one. */
export async function takePageNotice(db: Queryable, ctx: OwnerContext): Promise<ConsoleNotice | undefined> {
  const id = new URL(ctx.request.url).searchParams.get(NOTICE_PARAM);
  return id ? ((await takeNotice(db, ctx.sessionSecret, id)) as ConsoleNotice | undefined) : undefined;
}
