// The console's shared routes: its static assets (htmx from node_modules, our CSS and JS), the language switch
// and /console itself. Page features (owners, integrations, …) are composed in pages.ts.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Elysia } from "elysia";
import { accountHasLeads } from "../../core/inbox/account-directory.ts";
import { requestState } from "../../http/request-state.ts";
import { problemResponse } from "../../http/respond.ts";
import { setCookie } from "./cookies.ts";
import { CONSOLE_HOME, consolePathOrNull, INBOX_PATH, INTEGRATIONS_PATH } from "./navigation.ts";
import { type ConsoleDeps, notFoundPage, ownerPage, pageContext } from "./owner-guard.ts";
import { LANGUAGE_COOKIE } from "./page-language.ts";
import { redirectTo } from "./page-response.ts";

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** Every file the console serves, by its public name: nothing else on disk is reachable. */
const ASSETS: Record<string, { path: string; type: string }> = {
  "htmx.min.js": { path: join(packageDir("htmx.org"), "dist", "htmx.min.js"), type: "text/javascript" },
  "sse.js": { path: join(packageDir("htmx-ext-sse"), "dist", "sse.js"), type: "text/javascript" },
  "console.js": {
    path: fileURLToPath(new URL("./assets/console.js", import.meta.url)),
    type: "text/javascript",
  },
  "inbox.js": {
    path: fileURLToPath(new URL("../inbox/inbox.js", import.meta.url)),
    type: "text/javascript",
  },
  "console.css": { path: fileURLToPath(new URL("./assets/console.css", import.meta.url)), type: "text/css" },
};

const ONE_YEAR = 365 * 24 * 60 * 60;

const safeBack = (back: string | null) => consolePathOrNull(back) ?? CONSOLE_HOME;

export function consoleBase(deps: ConsoleDeps) {
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
        const asset = Object.hasOwn(ASSETS, params.file) ? ASSETS[params.file] : undefined;
        if (!asset) return problemResponse(state, "not_found");
        state.status = 200;
        return new Response(Bun.file(asset.path), {
          headers: {
            "content-type": `${asset.type}; charset=utf-8`,
            "cache-control": "public, max-age=3600",
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
        const url = new URL(args.request.url);
        const to = url.searchParams.get("to") === "es" ? "es" : "en";
        const cookie = setCookie(LANGUAGE_COOKIE, to, { maxAge: ONE_YEAR, secure: ctx.origin.https });
        return redirectTo(ctx.state, args.request, safeBack(url.searchParams.get("back")), [cookie]);
      })
  );
}
