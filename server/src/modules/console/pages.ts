// Every console feature, composed once: app.ts uses this. A new page adds its Elysia instance here.
import { Elysia } from "elysia";
import { doNotCallPage } from "../dnc-console/index.ts";
import type { InboxLive } from "../inbox-console/inbox-live.ts";
import { inboxPages } from "../inbox-console/index.ts";
import { integrationsPage } from "../integrations/index.ts";
import { ownerPages } from "../owners/index.ts";
import { consoleBase } from "./index.ts";
import type { ConsoleDeps } from "./owner-guard.ts";

export function consolePages(deps: ConsoleDeps, inbox: InboxLive) {
  return new Elysia({ name: "console" })
    .use(consoleBase(deps))
    .use(ownerPages(deps))
    .use(integrationsPage(deps))
    .use(doNotCallPage(deps))
    .use(inboxPages(deps, inbox));
}
