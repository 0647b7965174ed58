// The console's navigation: one entry per page, in order. A new page adds its entry here.
import type { MessageKey } from "./dictionary.ts";

export interface NavEntry {
  /** Which page is current: pages pass this id to the layout. */
  id: string;
  href: string;
  label: MessageKey;
}

export const NAV_ENTRIES: readonly NavEntry[] = [
  { id: "inbox", href: "/console/inbox", label: "nav.inbox" },
  { id: "integrations", href: "/console/integrations", label: "nav.integrations" },
  { id: "dnc", href: "/console/do-not-call", label: "nav.dnc" },
  { id: "team", href: "/console/team", label: "nav.team" },
  { id: "audit", href: "/console/audit", label: "nav.audit" },
  { id: "sessions", href: "/console/sessions", label: "nav.sessions" },
];

/** Where the console starts after sign-in: the inbox once the account has leads, else Integrations. */
export const CONSOLE_HOME = "/console";
export const INBOX_PATH = "/console/inbox";
export const INTEGRATIONS_PATH = "/console/integrations";
/** The account chooser: sign-in sends an owner of several accounts there; the header links to it. */
export const ACCOUNTS_PATH = "/console/accounts";

/**
 * A path of this console to send the browser back to (after sign-in, a language switch), else null: never an
 * absolute URL, "//host" or a backslash trick (open redirect).
 *
 * @example consolePathOrNull("/console/inbox/7?x=1") // "/console/inbox/7?x=1"; consolePathOrNull("//evil") // null
 */
export function consolePathOrNull(path: string | null | undefined): string | null {
  if (!path || !/^\/console(\/|\?|$)/.test(path) || /[\\\s]/.test(path)) return null;
  return path;
}
