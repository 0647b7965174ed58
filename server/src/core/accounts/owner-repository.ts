// SQL of owners (people) and their account memberships: create, find by email, list, memberships, set the password.
import type { Queryable } from "../../db/database.ts";

export interface OwnerListing {
  id: string;
  email: string;
  account: string;
  has_password: boolean;
  created_at: Date;
  disabled_at: Date | null;
}

export interface OwnerCredentials {
  id: string;
  password_hash: string | null;
  /** The account a new session acts for: the owner's first membership. */
  account_id: string | null;
  /** How many accounts the owner belongs to: more than one, and they choose after sign-in. */
  accounts: number;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The owner with this email (created when new) and its membership of the account; safe under concurrency. */
export async function ensureOwnerMember(
  q: Queryable,
  accountId: string,
  email: string,
): Promise<{ id: string; created: boolean }> {
  const address = normalizeEmail(email);
  const [inserted] = await q.query<{ id: string }>(
    "insert into owners (id, email) values ($1, $2) on conflict (email) do nothing returning id",
    [Bun.randomUUIDv7(), address],
  );
  const [owner] = inserted
    ? [inserted]
    : await q.query<{ id: string }>("select id from owners where email = $1", [address]);
  if (!owner) throw new Error("owner could not be created");
  await q.query("insert into account_members (account_id, owner_id) values ($1, $2) on conflict do nothing", [
    accountId,
    owner.id,
  ]);
  return { id: owner.id, created: Boolean(inserted) };
}

/** What sign-in needs; undefined for an unknown or disabled owner, or one without any account. */
export async function findOwnerCredentials(
  q: Queryable,
  email: string,
): Promise<OwnerCredentials | undefined> {
  const [row] = await q.query<OwnerCredentials>(
    `select o.id, o.password_hash,
            (select m.account_id from account_members m where m.owner_id = o.id
             order by m.created_at, m.account_id limit 1) as account_id,
            (select count(*)::int from account_members m where m.owner_id = o.id) as accounts
     from owners o where o.email = $1 and o.disabled_at is null`,
    [normalizeEmail(email)],
  );
  return row;
}

export async function listOwners(q: Queryable, accountSlug?: string): Promise<OwnerListing[]> {
  return await q.query<OwnerListing>(
    `select o.id, o.email, a.slug as account, o.password_hash is not null as has_password, o.created_at, o.disabled_at
     from owners o join account_members m on m.owner_id = o.id join accounts a on a.id = m.account_id
     where $1::text is null or a.slug = $1 order by a.slug, o.email`,
    [accountSlug ?? null],
  );
}

/** The person of this id or email; undefined when there is none. */
export async function findOwnerId(q: Queryable, idOrEmail: string): Promise<string | undefined> {
  const [row] = await q.query<{ id: string }>("select id from owners where email = $1 or id::text = $1", [
    normalizeEmail(idOrEmail),
  ]);
  return row?.id;
}

export interface Membership {
  id: string;
  slug: string;
}

/** The accounts an owner belongs to, oldest membership first: the chooser after sign-in. */
export async function membershipsOf(q: Queryable, ownerId: string): Promise<Membership[]> {
  return await q.query<Membership>(
    `select a.id::text as id, a.slug from account_members m join accounts a on a.id = m.account_id
     where m.owner_id = $1 order by m.created_at, a.id`,
    [ownerId],
  );
}

export async function setOwnerPassword(q: Queryable, ownerId: string, passwordHash: string): Promise<void> {
  await q.query("update owners set password_hash = $2 where id = $1", [ownerId, passwordHash]);
}

/** The emails of the account's owners: who is told of an invitation or a removal. */
export async function ownerEmailsOf(q: Queryable, accountId: string): Promise<string[]> {
  const rows = await q.query<{ email: string }>(
    `select o.email from account_members m join owners o on o.id = m.owner_id where m.account_id = $1 order by o.email`,
    [accountId],
  );
  return rows.map((row) => row.email);
}
