// The console's shared routes: its static assets (htmx from node_modules, our CSS and JS), the language switch
// and /console itself. Page features (owners, integrations, …) are composed in pages.ts.
/// <reference path="../../file-imports.d.ts" />
import { Elysia } from "elysia";
import htmxJs from "htmx.org/dist/htmx.min.js" with { type: "file" };
// Imported as files: `bun build --compile` embeds them, and from source they are their path on disk.
import sseJs from "htmx-ext-sse/dist/sse.js" with { type: "file" };
import { requestState } from "../../http/request-state.ts";
import { problemResponse } from "../../http/respond.ts";
import consoleCss from "./assets/console.css" with { type: "file" };
import consoleJs from "./assets/console.js" with { type: "file" };
import { setCookie } from "./cookies.ts";
import { CONSOLE_HOME } from "./navigation.ts";
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

/** A file the console serves under /console/assets/<name>: its path (a file import) and media type. */
export interface ConsoleAsset {
  path: string;
  type: string;
}

/** The kit's own files; pages add theirs (consoleBase's `pageAssets`). Nothing else on disk is reachable. */
const KIT_ASSETS: Record<string, ConsoleAsset> = {
  "htmx.min.js": { path: htmxJs, type: "text/javascript" },
  "sse.js": { path: sseJs, type: "text/javascript" },
  "console.js": { path: consoleJs, type: "text/javascript" },
  "console.css": { path: consoleCss, type: "text/css" },
};

const ONE_YEAR = 365 * 24 * 60 * 60;

/** Only our own console paths: never an absolute URL or "//host" (open redirect). */
const safeBack = (back: string | null) =>
  back && /^\/console(\/|\?|$)/.test(back) && !back.startsWith("//") ? back : CONSOLE_HOME;

export function consoleBase(deps: ConsoleDeps, pageAssets: Record<string, ConsoleAsset> = {}) {
  const ASSETS = { ...KIT_ASSETS, ...pageAssets };
  return (
    new Elysia({ name: "console-base" })
      .get("/console", ({ request }) => redirectTo(requestState(request), request, CONSOLE_HOME))
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
        // back= goes into the Location header: CR/LF there is refused here, not by the runtime as a 500.
        if (queryHasControlCharacters(args.request)) return badQueryPage(ctx);
        const url = new URL(args.request.url);
        const to = url.searchParams.get("to") === "es" ? "es" : "en";
        const cookie = setCookie(LANGUAGE_COOKIE, to, { maxAge: ONE_YEAR, secure: ctx.origin.https });
        return redirectTo(ctx.state, args.request, safeBack(url.searchParams.get("back")), [cookie]);
      })
  );
}
