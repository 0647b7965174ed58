// Browsers an owner signed in from (OWASP's device cookie): the cookie holds a 256-bit secret, the database its
// SHA-256 per owner. Such a browser keeps its own sign-in allowance when the owner's email is locked.
import type { Queryable } from "../../db/database.ts";
import { hashSecret, hasSecretShape } from "./secret.ts";

/** A device is remembered this long after its last sign-in. */
export const DEVICE_SECONDS = 90 * 24 * 60 * 60;
/** Devices remembered per owner: a new sign-in forgets the one signed in from least recently past it. */
export const DEVICES_PER_OWNER = 50;

/** The device's key for the throttle when this browser signed in as `email` before; else undefined. */
export async function trustedDeviceKey(
  q: Queryable,
  secret: string | undefined,
  email: string,
): Promise<string | undefined> {
  if (!secret || !hasSecretShape(secret)) return undefined;
  const idHash = hashSecret(secret);
  const [row] = await q.query<{ found: number }>(
    `select 1 as found from owner_devices d join owners o on o.id = d.owner_id
     where d.id_hash = $1 and o.email = $2 and d.expires_at > now()`,
    [idHash, email],
  );
  return row ? idHash : undefined;
}

/**
 * After a sign-in: this browser is known for this owner for DEVICE_SECONDS more; past DEVICES_PER_OWNER, the
 * devices whose last sign-in is oldest are forgotten (a new secret at every sign-in would otherwise add a row each).
 */
export async function trustDevice(q: Queryable, secret: string, ownerId: string): Promise<void> {
  await q.query(
    `insert into owner_devices (id_hash, owner_id, expires_at) values ($1, $2, now() + make_interval(secs => $3))
     on conflict (id_hash, owner_id) do update set expires_at = excluded.expires_at`,
    [hashSecret(secret), ownerId, DEVICE_SECONDS],
  );
  await q.query(
    `delete from owner_devices where owner_id = $1 and id_hash in (
       select id_hash from owner_devices where owner_id = $1 order by expires_at desc, id_hash offset $2)`,
    [ownerId, DEVICES_PER_OWNER],
  );
}
