// A request-log query as the API and the console take it: status (422 or 4xx), problem code, cursor and limit.
import { REQUEST_STATUS_FILTER_PATTERN, REQUESTS_PAGE_DEFAULT, REQUESTS_PAGE_MAX } from "@speed-to-lead/spec";
import type { RequestLogFilter } from "./request-log-store.ts";

export type RequestLogQuery = { ok: true; filter: RequestLogFilter; limit: number } | { ok: false };

const STATUS = new RegExp(REQUEST_STATUS_FILTER_PATTERN);
const PROBLEM_CODE = /^[a-z_]{1,64}$/;
const CURSOR = /^[0-9]{1,18}$/;
const LIMIT = /^[0-9]{1,3}$/;

/**
 * Each parameter at most once; an empty one counts as absent (a form's unchosen filter).
 *
 * @example parseRequestLogQuery(new URLSearchParams("status=4xx&limit=20")) // { ok: true, filter: { status: "4xx" }, limit: 20 }
 */
export function parseRequestLogQuery(query: URLSearchParams): RequestLogQuery {
  const one = (name: string): string | undefined | false => {
    const values = query.getAll(name);
    if (values.length > 1) return false;
    return values[0] || undefined;
  };
  const status = one("status");
  const problemCode = one("problem_code");
  const cursor = one("cursor");
  const limitText = one("limit");
  if (status === false || problemCode === false || cursor === false || limitText === false)
    return { ok: false };
  if (status !== undefined && !STATUS.test(status)) return { ok: false };
  if (problemCode !== undefined && !PROBLEM_CODE.test(problemCode)) return { ok: false };
  if (cursor !== undefined && !CURSOR.test(cursor)) return { ok: false };
  if (limitText !== undefined && !LIMIT.test(limitText)) return { ok: false };
  const limit = limitText === undefined ? REQUESTS_PAGE_DEFAULT : Number(limitText);
  if (limit < 1 || limit > REQUESTS_PAGE_MAX) return { ok: false };
  const filter: RequestLogFilter = {};
  if (status !== undefined)
    filter.status = status.endsWith("xx") ? (status as RequestLogFilter["status"]) : Number(status);
  if (problemCode !== undefined) filter.problemCode = problemCode;
  if (cursor !== undefined) filter.before = cursor;
  return { ok: true, filter, limit };
}
