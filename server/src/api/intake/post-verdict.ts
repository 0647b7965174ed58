// Whether a post through an intake-only token passed what its token asks (intake-guard.ts): a filled honeypot or
// a failed or missing bot check quarantines its lead; the post is answered as any other, so a bot learns nothing.
import { BOT_CHECK_HEADER } from "@speed-to-lead/spec";
import type { ChannelIdentity } from "../../core/accounts/authenticator.ts";
import type { QuarantineReason } from "../../core/leads/quarantine-reasons.ts";
import type { BotCheckVerifier } from "../../http/bot-check.ts";
import { clientAddress } from "../../http/client-address.ts";

export interface PostVerdictDeps {
  botCheck: BotCheckVerifier;
  trustProxy: boolean;
}

/** A honeypot counts as filled with any value but an empty string, null or false. */
const filled = (value: unknown) => value !== undefined && value !== null && value !== "" && value !== false;

/**
 * @example const quarantine = await quarantineOf(deps, identity, request, body); // "honeypot" | … | undefined
 */
export async function quarantineOf(
  deps: PostVerdictDeps,
  identity: ChannelIdentity,
  request: Request,
  body: Record<string, unknown>,
): Promise<QuarantineReason | undefined> {
  const guard = identity.guard;
  if (!guard) return undefined;
  const honeypot = guard.honeypotField;
  if (honeypot !== null && Object.hasOwn(body, honeypot) && filled(body[honeypot])) return "honeypot";
  if (!guard.botCheckRequired) return undefined;
  const check = await deps.botCheck.verify(
    request.headers.get(BOT_CHECK_HEADER),
    clientAddress(request, deps.trustProxy),
  );
  if (check.passed) return undefined;
  return check.reason === "missing" ? "bot_check_missing" : "bot_check_failed";
}
