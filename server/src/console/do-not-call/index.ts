// The Do-not-call page: the account's list, add, remove (confirmed), CSV import, history. Every query is scoped
// by the session's account; a number not on this account's list is the 404 page.
import { Elysia } from "elysia";
import { csvNumberChunks } from "../../core/dnc/csv-rows.ts";
import { exportDncCsv } from "../../core/dnc/dnc-export.ts";
import { parseListedNumber } from "../../core/dnc/listed-number.ts";
import { countNumbers, listNumberPage, listRecentChanges } from "../../core/dnc/listed-numbers.ts";
import { addToList, importInChunks, removeFromList } from "../../core/dnc/service.ts";
import { isOnList } from "../../core/leads/listed-phone.ts";
import { textStream } from "../inbox/text-stream.ts";
import { auditedPageChange } from "../kit/audit.ts";
import { field, OVERSIZE_FIELD } from "../kit/form.ts";
import {
  type ConsoleDeps,
  notFoundPage,
  type OwnerContext,
  ownerPage,
  sensitivePage,
  uploadPage,
} from "../kit/owner-guard.ts";
import { htmlPage, redirectTo } from "../kit/page-response.ts";
import { DncPage, type DncPageProps, RemovePage } from "./dnc-page.tsx";
import { DNC_PATH } from "./dnc-path.ts";

const NOTE_MAX = 500;
const NOTICES = ["added", "already", "removed"] as const;
type Notice = (typeof NOTICES)[number];

/** The number of a remove route: its E.164 digits after "+1", nothing else. */
const phoneOf = (ctx: OwnerContext) => {
  const digits = ctx.params.phone ?? "";
  return /^1\d{10}$/.test(digits) ? `+${digits}` : undefined;
};

export function doNotCallPage(deps: ConsoleDeps) {
  const { db } = deps;

  type Extra = Pick<DncPageProps, "notice" | "add" | "importError" | "report">;
  async function fullPage(ctx: OwnerContext, extra: Extra, status = 200) {
    const query = new URL(ctx.request.url).searchParams;
    const search = (query.get("q") ?? "").slice(0, 64);
    const cursor = query.get("after") ?? undefined;
    const accountId = ctx.session.accountId;
    // One after the other: on PGlite they share one connection anyway, and on PostgreSQL a page view
    // then holds one pooled connection, not three.
    const page = await listNumberPage(db, accountId, { search, cursor });
    const count = await countNumbers(db, accountId, search);
    const history = await listRecentChanges(db, accountId);
    // The language switch comes back to the list, also from a form's answer (no GET of the post's path).
    const html = DncPage({
      ...ctx,
      path: DNC_PATH,
      numbers: page.numbers,
      nextCursor: page.nextCursor,
      paged: cursor !== undefined,
      search,
      count,
      history,
      ...extra,
    }) as string;
    return htmlPage(ctx.state, html, { status });
  }

  /** The notice of a redirect after a change (`?done=added&count=1`): the URL is anyone's, so only known ones. */
  function noticeOf(ctx: OwnerContext): string | undefined {
    const query = new URL(ctx.request.url).searchParams;
    const done = query.get("done") as Notice;
    if (!NOTICES.includes(done)) return undefined;
    const count = Number.parseInt(query.get("count") ?? "0", 10) || 0;
    return ctx.t(`dnc.notice.${done}`, { count });
  }

  const who = (ctx: OwnerContext) => ({
    accountId: ctx.session.accountId,
    via: "page" as const,
    actor: ctx.owner.email,
  });

  return new Elysia({ name: "do-not-call-page" })
    .get(
      DNC_PATH,
      ownerPage(deps, (ctx) => fullPage(ctx, { notice: noticeOf(ctx) })),
    )
    .post(
      DNC_PATH,
      ownerPage(deps, async (ctx) => {
        const phone = field(ctx.form, "phone");
        const note = field(ctx.form, "note").slice(0, NOTE_MAX);
        const parsed =
          phone === "" ? ({ ok: false, code: "phone_missing" } as const) : parseListedNumber(phone);
        if (!parsed.ok)
          return fullPage(ctx, { add: { phone, note, error: ctx.t(`dnc.reason.${parsed.code}`) } }, 422);
        const result = await addToList(db, { ...who(ctx), phone: parsed.e164, note: note || null });
        const done = result.added ? "added" : "already";
        return redirectTo(
          ctx.state,
          ctx.request,
          `${DNC_PATH}?done=${done}&count=${result.handoffsCancelled}`,
        );
      }),
      { parse: "none" },
    )
    .post(
      `${DNC_PATH}/import`,
      uploadPage(deps, async (ctx) => {
        if (ctx.form.getAll(OVERSIZE_FIELD).includes("file"))
          return fullPage(ctx, { importError: ctx.t("dnc.import.tooLarge") }, 422);
        const text = ctx.form.get("file") ?? "";
        if (text.trim() === "") return fullPage(ctx, { importError: ctx.t("dnc.import.empty") }, 422);
        const report = await importInChunks(db, who(ctx), csvNumberChunks(text));
        return fullPage(ctx, { report });
      }),
      { parse: "none" },
    )
    .get(
      `${DNC_PATH}/export.csv`,
      ownerPage(deps, (ctx) => {
        const day = new Date().toISOString().slice(0, 10);
        ctx.state.status = 200;
        return new Response(textStream(exportDncCsv(db, ctx.session.accountId)), {
          headers: {
            "content-type": "text/csv; charset=utf-8",
            "content-disposition": `attachment; filename="do-not-call-${day}.csv"`,
            "cache-control": "no-store",
            "x-content-type-options": "nosniff",
            "x-request-id": ctx.state.requestId,
          },
        });
      }),
    )
    .get(
      `${DNC_PATH}/:phone/remove`,
      ownerPage(deps, async (ctx) => {
        const phone = phoneOf(ctx);
        if (!phone || !(await isOnList(db, ctx.session.accountId, phone))) return notFoundPage(ctx);
        return htmlPage(ctx.state, RemovePage({ ...ctx, phone }) as string);
      }),
    )
    .post(
      `${DNC_PATH}/:phone/remove`,
      sensitivePage(deps, async (ctx) => {
        const phone = phoneOf(ctx);
        if (!phone || !(await isOnList(db, ctx.session.accountId, phone))) return notFoundPage(ctx);
        const result = await auditedPageChange(
          deps,
          ctx,
          "dnc.removed",
          (db) => removeFromList(db, { ...who(ctx), phone }),
          (removed) => (removed.removed ? phone : undefined),
        );
        if (!result.removed) return notFoundPage(ctx);
        return redirectTo(ctx.state, ctx.request, `${DNC_PATH}?done=removed&count=${result.handoffsResumed}`);
      }),
      { parse: "none" },
    );
}
