// The operator's way to give a person access (`stl owners create`): the owner and its membership at once (each
// created when new) and a setup link (7 days). Console owners invite instead (invitations.ts): a pending row.
import type { Queryable } from "../../db/database.ts";
import { ensureOwnerMember, findOwnerCredentials } from "./owner-repository.ts";
import { createSignInLink, signInLinkUrl } from "./sign-in-links.ts";
import { ensureAccount } from "./token-repository.ts";

/** @example const { link } = await createOwnerSignIn(db, "acme", "ana@example.com", "http://localhost:3000"); */
export async function createOwnerSignIn(q: Queryable, slug: string, email: string, publicUrl: string) {
  const account = await ensureAccount(q, slug);
  const owner = await ensureOwnerMember(q, account.id, email);
  const link = signInLinkUrl(publicUrl, await createSignInLink(q, owner.id, "setup"));
  return { account, owner, link };
}

/**
 * A fresh link for an enabled owner of some account (`stl owners link`, "forgot password"); undefined for anyone
 * else, so nothing is created for an unknown email.
 */
export async function existingOwnerSignIn(q: Queryable, email: string, publicUrl: string) {
  const owner = await findOwnerCredentials(q, email);
  if (!owner?.account_id) return undefined;
  return { ownerId: owner.id, link: signInLinkUrl(publicUrl, await createSignInLink(q, owner.id, "reset")) };
}
