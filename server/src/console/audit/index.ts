// The Audit page and its CSV: the account's rows (and its owners' sign-ins and password changes), filtered by
// action, actor and UTC days; the page shows the newest 200, the CSV up to 10,000 (every cell escaped for a
// spreadsheet). Read-only: nothing here changes anything.
import { Elysia } from "elysia";
import { auditEvents } from "../../core/accounts/audit-log.ts";
import { csvLine } from "../../core/inbox/csv-cell.ts";
import { type ConsoleDeps, type OwnerContext, ownerPage } from "../kit/owner-guard.ts";
import { htmlPage } from "../kit/page-response.ts";
import { AUDIT_PATH, AuditPage } from "./audit-page.tsx";
import { readAuditQuery, toAuditFilter } from "./audit-query.ts";

const PAGE_ROWS = 200;
const CSV_ROWS = 10_000;

const queryOf = (ctx: OwnerContext) => readAuditQuery(new URL(ctx.request.url).searchParams);

export function auditPage(deps: ConsoleDeps) {
  return new Elysia({ name: "audit-page" })
    .get(
      AUDIT_PATH,
      ownerPage(deps, async (ctx) => {
        const query = queryOf(ctx);
        const { filter, invalid } = toAuditFilter(query);
        const rows = invalid.length
          ? []
          : await auditEvents(deps.db, ctx.session.accountId, filter, PAGE_ROWS);
        const html = AuditPage({
          ...ctx,
          query,
          invalid,
          rows,
          shown: PAGE_ROWS,
          csvMax: CSV_ROWS,
          retentionDays: deps.auditRetentionDays,
        }) as string;
        return htmlPage(ctx.state, html, { status: invalid.length ? 422 : 200 });
      }),
    )
    .get(
      `${AUDIT_PATH}/export.csv`,
      ownerPage(deps, async (ctx) => {
        const { filter } = toAuditFilter(queryOf(ctx));
        const rows = await auditEvents(deps.db, ctx.session.accountId, filter, CSV_ROWS);
        const header = csvLine(["at", "actor", "action", "target", "client_address"]);
        const body = rows.map((row) =>
          csvLine([row.at, row.actor_email, row.action, row.target, row.client_address]),
        );
        ctx.state.status = 200;
        return new Response(header + body.join(""), {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`,
            "cache-control": "no-store",
            "x-content-type-options": "nosniff",
            "x-request-id": ctx.state.requestId,
          },
        });
      }),
    );
}
