// A number's standing on an account's do-not-call list, for a lead's page: listed now, and every change to it.
import type { Queryable } from "../../db/database.ts";
import { plainRows } from "../../db/plain-rows.ts";
import { isOnList } from "../leads/listed-phone.ts";
import { listChanges, type RecordedChange } from "./dnc-repository.ts";

export interface NumberStanding {
  listed: boolean;
  /** Oldest first: the assistant's opt-outs and wrong numbers, the CLI's and the pages' changes. */
  history: RecordedChange[];
}

/** @example const { listed } = await numberStanding(db, accountId, lead.phone); */
export async function numberStanding(
  q: Queryable,
  accountId: string,
  phone: string | null,
): Promise<NumberStanding> {
  if (!phone) return { listed: false, history: [] };
  const [listed, history] = await Promise.all([
    isOnList(q, accountId, phone),
    listChanges(q, accountId, phone),
  ]);
  return { listed, history: plainRows(history) };
}
