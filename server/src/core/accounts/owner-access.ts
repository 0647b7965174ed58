// Gives a person access to an account: the owner and its membership (each created when new) and a sign-in link.
import type { Queryable } from "../../db/database.ts";
import { ensureOwnerMember } from "./owner-repository.ts";
import { createSignInLink, signInLinkUrl } from "./sign-in-links.ts";
import { ensureAccount } from "./token-repository.ts";

/** @example const { link } = await createOwnerSignIn(db, "acme", "ana@example.com", "http://localhost:3000"); */
export async function createOwnerSignIn(q: Queryable, slug: string, email: string, publicUrl: string) {
  const account = await ensureAccount(q, slug);
  const owner = await ensureOwnerMember(q, account.id, email);
  const link = signInLinkUrl(publicUrl, await createSignInLink(q, owner.id));
  return { account, owner, link };
}
