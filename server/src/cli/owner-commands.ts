// `stl owners create|link|list|disable|reset-2fa`: account owners, their single-use sign-in links, their second factor.

import type { ServerConfig } from "../config.ts";
import { ACCOUNT_SLUG } from "../core/accounts/account-slug.ts";
import { createOwnerSignIn, existingOwnerSignIn } from "../core/accounts/owner-access.ts";
import { findOwnerId, listOwners, membershipsOf } from "../core/accounts/owner-repository.ts";
import { removeOwner } from "../core/accounts/owner-service.ts";
import { findAccountId } from "../core/accounts/token-repository.ts";
import { removeEverySecondFactor } from "../core/accounts/totp-factor.ts";
import { stringOption, UsageError } from "./args.ts";
import { operatorAudit } from "./operator-audit.ts";
import type { Command } from "./token-commands.ts";

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

export interface OwnerCommandEnv {
  /** Where sign-in links point: PUBLIC_URL of the run's settings. */
  publicUrl: (config: ServerConfig) => string;
}

export function ownerCommands(
  env: OwnerCommandEnv,
): Record<"create" | "link" | "list" | "disable" | "reset-2fa", Command> {
  return {
    async create(db, args, print, t, config) {
      const slug = stringOption(args, "account");
      const email = stringOption(args, "email");
      if (!slug || !email) throw new UsageError("owners.create.needs");
      if (!ACCOUNT_SLUG.test(slug)) throw new UsageError("account.slugInvalid");
      if (!EMAIL.test(email)) throw new UsageError("owners.emailInvalid");
      const { account, owner, link } = await createOwnerSignIn(db, slug, email, env.publicUrl(config));
      if (args.options.json) {
        print(
          JSON.stringify({ owner_id: owner.id, account: slug, account_id: account.id, sign_in_link: link }),
        );
        return 0;
      }
      if (account.created) print(t("account.created", { slug }));
      print(t(owner.created ? "owners.created" : "owners.found", { email: email.toLowerCase(), slug }));
      print(t("owners.created.link"));
      print("");
      print(`  ${link}`);
      print("");
      return 0;
    },

    /** A fresh link for an existing owner: the way in from a new browser, whatever the throttle says. */
    async link(db, args, print, t, config) {
      const email = stringOption(args, "email");
      if (!email || !EMAIL.test(email)) throw new UsageError("owners.link.needs");
      const found = await existingOwnerSignIn(db, email, env.publicUrl(config));
      if (!found) {
        print(t("owners.link.unknown", { email: email.toLowerCase() }));
        return 1;
      }
      const { ownerId, link } = found;
      if (args.options.json) {
        print(JSON.stringify({ owner_id: ownerId, sign_in_link: link }));
        return 0;
      }
      print(t("owners.link.title", { email: email.toLowerCase() }));
      print("");
      print(`  ${link}`);
      print("");
      return 0;
    },

    async list(db, args, print, t) {
      const owners = await listOwners(db, stringOption(args, "account"));
      if (args.options.json) {
        print(JSON.stringify(owners));
        return 0;
      }
      if (owners.length === 0) print(t("owners.none"));
      for (const o of owners) {
        const status = t(o.has_password ? "status.active" : "owners.status.noPassword");
        print(`${o.id}  ${o.account}  ${o.email}  ${status}`);
      }
      return 0;
    },

    /** Removes the person's membership of `--account` (of every account without it); the person stays. */
    async disable(db, args, print, t) {
      const who = args.positionals[2];
      if (!who) throw new UsageError("owners.disable.needs");
      const slug = stringOption(args, "account");
      const accountId = slug ? await findAccountId(db, slug) : undefined;
      if (slug && !accountId) {
        print(t("account.unknown", { slug }));
        return 1;
      }
      // The removal and an audit row per membership it ended, in one transaction.
      const id = await db.transaction(async (tx) => {
        const found = await findOwnerId(tx, who);
        if (!found) return undefined;
        const ended = (await membershipsOf(tx, found)).filter(
          (account) => !accountId || account.id === accountId,
        );
        await removeOwner(tx, found, accountId);
        for (const account of ended)
          await operatorAudit(tx, args, "owner.removed", account.id, who.toLowerCase());
        return found;
      });
      if (!id) {
        print(t("owners.unknown", { who }));
        return 1;
      }
      print(t("owners.disabled", { who }));
      return 0;
    },

    /**
     * For an owner who lost their phone and their recovery codes: removes the app, the passkeys and the codes (the next sign-in
     * asks for the password only; an account that requires a factor sends them to set one up). Each of their
     * accounts gets the audit row.
     */
    async "reset-2fa"(db, args, print, t) {
      const email = stringOption(args, "email");
      if (!email || !EMAIL.test(email)) throw new UsageError("owners.reset2fa.needs");
      const address = email.toLowerCase();
      const ownerId = await findOwnerId(db, address);
      if (!ownerId) {
        print(t("owners.link.unknown", { email: address }));
        return 1;
      }
      const removed = await db.transaction(async (tx) => {
        const had = await removeEverySecondFactor(tx, ownerId);
        if (had)
          for (const account of await membershipsOf(tx, ownerId))
            await operatorAudit(tx, args, "second_factor.reset", account.id, address);
        return had;
      });
      if (args.options.json) print(JSON.stringify({ owner_id: ownerId, reset: removed }));
      else print(t(removed ? "owners.reset2fa.done" : "owners.reset2fa.none", { email: address }));
      return 0;
    },
  };
}
