// GET /api/openapi.json (the spec's own document, English or Spanish) and the offline reference at /api/docs.
/// <reference path="../../file-imports.d.ts" />
import { OPENAPI_PATH } from "@speed-to-lead/spec";
import { Elysia } from "elysia";
// Imported as files: `bun build --compile` embeds them, and from source they are their path on disk.
import favicon from "swagger-ui-dist/favicon-32x32.png" with { type: "file" };
import swaggerCss from "swagger-ui-dist/swagger-ui.css" with { type: "file" };
import swaggerBundle from "swagger-ui-dist/swagger-ui-bundle.js" with { type: "file" };
import swaggerPreset from "swagger-ui-dist/swagger-ui-standalone-preset.js" with { type: "file" };
import { preferredLanguage } from "../../http/language.ts";
import { requestState } from "../../http/request-state.ts";
import { problemResponse, textResponse } from "../../http/respond.ts";
import { type DOCS_ASSET_FILES, swaggerPage } from "./swagger-page.ts";

/**
 * Serialized once: the document is the contract, served as spec/ built it. Read on the first request for it, so a
 * server nobody asks for its documents does not hold both (about 2 MiB resident).
 */
let documents: Promise<Record<"en" | "es", string>> | undefined;
const openApiDocuments = () =>
  (documents ??= Promise.all([
    import("@speed-to-lead/spec/openapi.json", { with: { type: "json" } }),
    import("@speed-to-lead/spec/openapi.es.json", { with: { type: "json" } }),
  ]).then(([english, spanish]) => ({
    en: JSON.stringify(english.default),
    es: JSON.stringify(spanish.default),
  })));
/** The page's assets by the names it links: nothing else of swagger-ui-dist is reachable. */
const ASSET_PATHS: Record<(typeof DOCS_ASSET_FILES)[number], string> = {
  "swagger-ui.css": swaggerCss,
  "swagger-ui-bundle.js": swaggerBundle,
  "swagger-ui-standalone-preset.js": swaggerPreset,
  "favicon-32x32.png": favicon,
};
const ASSET_TYPES: Record<string, string> = {
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  png: "image/png",
};

/** ?lang=en|es wins; otherwise Accept-Language. */
function documentLanguage(request: Request): "en" | "es" {
  const lang = new URL(request.url).searchParams.get("lang")?.toLowerCase();
  if (lang === "en" || lang === "es") return lang;
  return preferredLanguage(request.headers.get("accept-language"));
}

export function apiDocs() {
  return new Elysia({ name: "api-docs" })
    .get(OPENAPI_PATH, async ({ request }) => {
      const lang = documentLanguage(request);
      const document = (await openApiDocuments())[lang];
      return textResponse(requestState(request), 200, document, "application/json", {
        "content-language": lang,
        "cache-control": "no-cache",
        vary: "Accept-Language",
      });
    })
    .get("/api/docs", ({ request }) =>
      textResponse(
        requestState(request),
        200,
        swaggerPage(documentLanguage(request)),
        "text/html; charset=utf-8",
      ),
    )
    .get("/api/docs/assets/:file", ({ request, params }) => {
      const state = requestState(request);
      const file = params.file;
      const path = Object.hasOwn(ASSET_PATHS, file)
        ? ASSET_PATHS[file as keyof typeof ASSET_PATHS]
        : undefined;
      if (!path) return problemResponse(state, "not_found");
      state.status = 200;
      return new Response(Bun.file(path), {
        headers: {
          "content-type": ASSET_TYPES[file.split(".").pop()!] ?? "application/octet-stream",
          "cache-control": "public, max-age=86400",
          "x-request-id": state.requestId,
        },
      });
    });
}
