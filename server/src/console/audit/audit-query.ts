// The Audit page's filter as the URL carries it (a GET form, so a filtered view can be shared and the CSV link
// carries it too): read leniently, a bad date said beside its field rather than ignored.
import { AUDIT_ACTIONS, type AuditAction, type AuditFilter } from "../../core/accounts/audit-log.ts";

export interface AuditQuery {
  action: string;
  actor: string;
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ACTOR_CHARS = 200;

export function readAuditQuery(search: URLSearchParams): AuditQuery {
  const value = (name: keyof AuditQuery) => (search.get(name) ?? "").trim();
  return {
    action: value("action"),
    actor: value("actor").slice(0, ACTOR_CHARS),
    from: value("from"),
    to: value("to"),
  };
}

/** A UTC day, or undefined when empty; null when not a valid date. */
function dayOf(text: string): Date | undefined | null {
  if (!text) return undefined;
  if (!DAY.test(text)) return null;
  const day = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text ? null : day;
}

/** The filter, or which date fields are invalid. */
export function toAuditFilter(query: AuditQuery): { filter: AuditFilter; invalid: ("from" | "to")[] } {
  const from = dayOf(query.from);
  const to = dayOf(query.to);
  const invalid = [from === null ? "from" : undefined, to === null ? "to" : undefined].filter(
    (name): name is "from" | "to" => name !== undefined,
  );
  const action = (AUDIT_ACTIONS as readonly string[]).includes(query.action)
    ? (query.action as AuditAction)
    : undefined;
  return {
    filter: {
      action,
      actor: query.actor || undefined,
      from: from ?? undefined,
      // "To" includes its day.
      to: to ? new Date(to.getTime() + 24 * 60 * 60 * 1000) : undefined,
    },
    invalid,
  };
}

export const auditQueryString = (query: AuditQuery) =>
  new URLSearchParams(Object.entries(query).filter(([, value]) => value !== "")).toString();
