// A bench server's leads by response state, for the report's note that every call-eligible lead was handed off.
import type { DatabaseEnv } from "./services.ts";

/** @example await leadStatesOf(server.databaseEnv) // "handed_off 9120, not_called 4" */
export async function leadStatesOf(databaseEnv: DatabaseEnv): Promise<string> {
  const url = databaseEnv.DATABASE_DIRECT_URL ?? databaseEnv.DATABASE_URL;
  if (!url) return "";
  const db = new Bun.SQL(url, { max: 1 });
  // An older checkout's schema may differ: its states are then left out.
  const states: { state: string; n: number }[] =
    await db`select response_state as state, count(*)::int as n from leads group by 1 order by 1`.catch(
      () => [],
    );
  await db.close();
  return states.map(({ state, n }) => `${state} ${n}`).join(", ");
}
