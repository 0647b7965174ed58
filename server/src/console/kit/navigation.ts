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
];

/** Where the console starts after sign-in. */
export const CONSOLE_HOME = "/console/integrations";
