// The WebAuthn relying party of this console: PUBLIC_URL's host and origin when set, else the request's own.
import type { RelyingParty } from "../../core/accounts/passkeys.ts";
import type { ConsoleDeps, PageContext } from "../kit/owner-guard.ts";

export function relyingParty(deps: Pick<ConsoleDeps, "publicUrl">, ctx: PageContext): RelyingParty {
  const origin = deps.publicUrl ? new URL(deps.publicUrl).origin : ctx.origin.origin;
  return { id: new URL(origin).hostname, origin };
}
