// The console's shared routes: its static assets (versioned, compressed: assets.ts), the language switch and
// /console itself. Page features (owners, integrations, …) are composed in index.ts.
import { Elysia } from "elysia";
import { accountHasLeads } from "../../core/inbox/account-directory.ts";
import { requestState } from "../../http/request-state.ts";
import { problemResponse } from "../../http/respond.ts";
import { addAssets, type ConsoleAsset, findAsset, pickEncoding } from "./assets.ts";
import { setCookie } from "./cookies.ts";
import { CONSOLE_HOME, consolePathOrNull, INBOX_PATH, INTEGRATIONS_PATH } from "./navigation.ts";
import {
  badQueryPage,
  type ConsoleDeps,
  notFoundPage,
  ownerPage,
  pageContext,
  queryHasControlCharacters,
} from "./owner-guard.ts";
import { LANGUAGE_COOKIE } from "./page-language.ts";
import { redirectTo } from "./page-response.ts";

const ONE_YEAR = 365 * 24 * 60 * 60;

const safeBack = (back: string | null) => consolePathOrNull(back) ?? CONSOLE_HOME;

export function consoleBase(deps: ConsoleDeps, pageAssets: Record<string, ConsoleAsset> = {}) {
  addAssets(pageAssets);
  return (
    new Elysia({ name: "console-base" })
      // The start: the inbox once the account has leads, else Integrations (where a new account begins).
      .get(
        "/console",
        ownerPage(deps, async (ctx) => {
          const hasLeads = await accountHasLeads(deps.db, ctx.session.accountId);
          return redirectTo(ctx.state, ctx.request, hasLeads ? INBOX_PATH : INTEGRATIONS_PATH);
        }),
      )
      .get("/console/assets/:file", ({ request, params }) => {
        const state = requestState(request);
        const asset = findAsset(params.file);
        if (!asset) return problemResponse(state, "not_found");
        state.status = 200;
        const encoding = pickEncoding(request.headers.get("accept-encoding"));
        return new Response(encoding ? asset[encoding] : asset.plain, {
          headers: {
            "content-type": `${asset.type}; charset=utf-8`,
            ...(encoding ? { "content-encoding": encoding } : {}),
            // The name changes with the content: a year, never revalidated.
            "cache-control": "public, max-age=31536000, immutable",
            vary: "Accept-Encoding",
            "x-content-type-options": "nosniff",
            "x-request-id": state.requestId,
          },
        });
      })
      // Any other console path: the 404 page in the layout (behind the session, like every page).
      .get(
        "/console/*",
        ownerPage(deps, (ctx) => notFoundPage(ctx)),
      )
      .get("/console/language", (args) => {
        const ctx = pageContext(deps, args);
        // back= goes into the Location header: CR/LF there is refused here, not by the runtime as a 500.
        if (queryHasControlCharacters(args.request)) return badQueryPage(ctx);
        const url = new URL(args.request.url);
        const to = url.searchParams.get("to") === "es" ? "es" : "en";
        const cookie = setCookie(LANGUAGE_COOKIE, to, { maxAge: ONE_YEAR, secure: ctx.secureCookies });
        return redirectTo(ctx.state, args.request, safeBack(url.searchParams.get("back")), [cookie]);
      })
  );
}
