// Every console feature, composed once: app.ts uses this. A new page adds its Elysia instance here.
import { Elysia } from "elysia";
import { accountPage } from "./account/index.ts";
import { PASSKEY_ASSETS } from "./account/passkey-assets.ts";
import { accountsPage } from "./accounts/index.ts";
import { auditPage } from "./audit/index.ts";
import { confirmPages } from "./confirm/index.ts";
import { doNotCallPage } from "./do-not-call/index.ts";
import type { InboxLive } from "./inbox/inbox-live.ts";
import { INBOX_ASSETS, inboxPages } from "./inbox/index.ts";
import { callbackRecoveryPosts } from "./integrations/callback-recovery.ts";
import { integrationsPage } from "./integrations/index.ts";
import { recentRequestsPages } from "./integrations/recent-requests.ts";
import type { ConsoleDeps } from "./kit/owner-guard.ts";
import { consoleBase } from "./kit/shared-routes.ts";
import { passwordResetPages } from "./password-reset/index.ts";
import { sessionsPage } from "./sessions/index.ts";
import { ownerPages } from "./sign-in/index.ts";
import { teamPage } from "./team/index.ts";

export function consolePages(deps: ConsoleDeps, inbox: InboxLive) {
  return new Elysia({ name: "console" })
    .use(consoleBase(deps, { ...INBOX_ASSETS, ...PASSKEY_ASSETS }))
    .use(ownerPages(deps))
    .use(passwordResetPages(deps))
    .use(integrationsPage(deps))
    .use(recentRequestsPages(deps))
    .use(callbackRecoveryPosts(deps))
    .use(doNotCallPage(deps))
    .use(teamPage(deps))
    .use(accountsPage(deps))
    .use(auditPage(deps))
    .use(confirmPages(deps))
    .use(sessionsPage(deps))
    .use(accountPage(deps))
    .use(inboxPages(deps, inbox));
}
