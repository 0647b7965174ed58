// The mail to a token's account owners when its status callbacks are paused: sent by the process whose settlement
// paused it (once), in English then Spanish (no page language to follow), with the link to the token's page.

import { ownerEmailsOf } from "../../core/accounts/owner-repository.ts";
import type { Mailer } from "../../core/accounts/smtp-mailer.ts";
import type { PausedToken } from "../../core/callbacks/callback-pause.ts";
import type { Queryable } from "../../db/database.ts";
import { describeError, type Logger } from "../../logger.ts";
import { translator } from "../kit/dictionary.ts";
import { requestsUrl } from "./recent-requests-page.tsx";

export interface PausedMailDeps {
  db: Queryable;
  mailer: Mailer;
  /** PUBLIC_URL: the link in the mail. */
  publicUrl: string;
  logger: Logger;
}

/**
 * Tells every owner of the token's account; a failing mail server is logged, never thrown (the pause stands, and
 * the banner on the token's page says it too).
 *
 * @example onPaused: (token) => void mailCallbacksPaused(deps, token, new Date())
 */
export async function mailCallbacksPaused(
  deps: PausedMailDeps,
  paused: PausedToken,
  now: Date,
): Promise<void> {
  const params = {
    name: paused.name,
    hours: Math.floor((now.getTime() - paused.failingSince.getTime()) / 3_600_000),
    since: paused.failingSince.toISOString().slice(0, 16).replace("T", " "),
    url: new URL(requestsUrl(paused.tokenId), deps.publicUrl).href,
  };
  const [en, es] = [translator("en"), translator("es")];
  const mail = {
    subject: `${en("integrations.pausedMail.subject", params)} / ${es("integrations.pausedMail.subject", params)}`,
    text: `${en("integrations.pausedMail.body", params)}\n\n—\n\n${es("integrations.pausedMail.body", params)}`,
  };
  try {
    const owners = await ownerEmailsOf(deps.db, paused.accountId);
    await Promise.all(owners.map((to) => deps.mailer.send({ to, ...mail })));
  } catch (error) {
    deps.logger.error("owner mail failed", {
      subject: "integrations.pausedMail.subject",
      ...describeError(error),
    });
  }
}
