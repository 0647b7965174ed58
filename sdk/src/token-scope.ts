// Which tokens may read leads, told by their prefix: a page that embeds a token that may read is warned once.
import { emit, type Logger } from "./logger";

/** Intake-only tokens ("publishable", as Stripe's pk_ keys): post leads and dry runs, never read. Safe in a web page. */
export const INTAKE_TOKEN_PREFIX = "stl_pk_";
/** Tokens that may also read leads (getLead, findLead): every token issued before scopes, and read tokens. Servers only. */
export const READ_TOKEN_PREFIX = "stl_ch_";

let warned = false;

/**
 * Warns once per page when a browser page holds a token whose prefix says it may read leads: any
 * visitor could read every lead of the account with it.
 *
 * @example warnReadTokenInBrowser("stl_ch_…", undefined) // in a page: one console warning
 */
export function warnReadTokenInBrowser(token: string, logger: Logger | undefined): void {
  if (warned || !token.startsWith(READ_TOKEN_PREFIX) || typeof document === "undefined") return;
  warned = true;
  emit(
    logger,
    "warn",
    `this page holds a channel token that may read leads (${READ_TOKEN_PREFIX}…): anyone who opens the page can read the account's leads with it. Use an intake-only token (${INTAKE_TOKEN_PREFIX}…) in web pages.`,
  );
}
