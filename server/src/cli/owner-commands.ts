// `stl owners create|link|list|disable`: account owners and their single-use sign-in links.

import { ACCOUNT_SLUG } from "../core/accounts/account-slug.ts";
import { createOwnerSignIn, existingOwnerSignIn } from "../core/accounts/owner-access.ts";
import { listOwners } from "../core/accounts/owner-repository.ts";
import { disableOwnerEverywhere } from "../core/accounts/owner-service.ts";
import type { Database } from "../db/database.ts";
import { type ParsedArgs, stringOption, UsageError } from "./args.ts";

type Print = (line: string) => void;
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

export interface OwnerCommandEnv {
  /** Where sign-in links point: PUBLIC_URL (read when a command runs, not when the CLI loads). */
  publicUrl: () => string;
}

export function ownerCommands(env: OwnerCommandEnv) {
  return {
    async create(db: Database, args: ParsedArgs, print: Print): Promise<number> {
      const slug = stringOption(args, "account");
      const email = stringOption(args, "email");
      if (!slug || !email) throw new UsageError("owners create needs --account <slug> and --email <email>");
      if (!ACCOUNT_SLUG.test(slug))
        throw new UsageError("--account: lowercase letters, digits, - and _, at most 63");
      if (!EMAIL.test(email)) throw new UsageError("--email: an email address such as ana@example.com");
      const { account, owner, link } = await createOwnerSignIn(db, slug, email, env.publicUrl());
      if (args.options.json) {
        print(
          JSON.stringify({ owner_id: owner.id, account: slug, account_id: account.id, sign_in_link: link }),
        );
        return 0;
      }
      if (account.created) print(`Created account ${slug}.`);
      print(`${owner.created ? "Created" : "Found"} owner ${email.toLowerCase()} of account ${slug}.`);
      print("Sign-in link (works once, for 24 hours; the owner sets a password there):");
      print("");
      print(`  ${link}`);
      print("");
      return 0;
    },

    /** A fresh link for an existing owner: the way in from a new browser, whatever the throttle says. */
    async link(db: Database, args: ParsedArgs, print: Print): Promise<number> {
      const email = stringOption(args, "email");
      if (!email || !EMAIL.test(email)) throw new UsageError("owners link needs --email <email>");
      const found = await existingOwnerSignIn(db, email, env.publicUrl());
      if (!found) {
        print(`No enabled owner ${email.toLowerCase()}.`);
        return 1;
      }
      const { ownerId, link } = found;
      if (args.options.json) {
        print(JSON.stringify({ owner_id: ownerId, sign_in_link: link }));
        return 0;
      }
      print(
        `Sign-in link for ${email.toLowerCase()} (works once, for 24 hours; sets a new password and signs in):`,
      );
      print("");
      print(`  ${link}`);
      print("");
      return 0;
    },

    async list(db: Database, args: ParsedArgs, print: Print): Promise<number> {
      const owners = await listOwners(db, stringOption(args, "account"));
      if (args.options.json) {
        print(JSON.stringify(owners));
        return 0;
      }
      if (owners.length === 0) print("No owners.");
      for (const o of owners) {
        const status = o.disabled_at ? "disabled" : o.has_password ? "active" : "no password yet";
        print(`${o.id}  ${o.account}  ${o.email}  ${status}`);
      }
      return 0;
    },

    async disable(db: Database, args: ParsedArgs, print: Print): Promise<number> {
      const who = args.positionals[2];
      if (!who) throw new UsageError("owners disable needs the owner's email or id (see owners list)");
      const id = await disableOwnerEverywhere(db, who);
      if (!id) {
        print(`No owner ${who}.`);
        return 1;
      }
      print(`Disabled owner ${who}: signed out everywhere, sign-in and links refused.`);
      return 0;
    },
  };
}
