// The interactive API reference page: Swagger UI from the swagger-ui-dist package, no CDN (works offline).

export const DOCS_ASSET_FILES = [
  "swagger-ui.css",
  "swagger-ui-bundle.js",
  "swagger-ui-standalone-preset.js",
  "favicon-32x32.png",
] as const;

/** Both documents in the page's selector; the caller's preferred language first. */
export function swaggerPage(primary: "en" | "es"): string {
  const english = { url: "/api/openapi.json?lang=en", name: "English" };
  const spanish = { url: "/api/openapi.json?lang=es", name: "Español" };
  const urls = primary === "es" ? [spanish, english] : [english, spanish];
  return `<!doctype html>
<html lang="${primary}">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Speed-to-Lead intake API</title>
  <link rel="icon" type="image/png" href="/api/docs/assets/favicon-32x32.png">
  <link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/api/docs/assets/swagger-ui-standalone-preset.js"></script>
  <script>
    window.ui = SwaggerUIBundle({
      urls: ${JSON.stringify(urls)},
      "urls.primaryName": ${JSON.stringify(urls[0]!.name)},
      dom_id: "#swagger-ui",
      deepLinking: true,
      presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
      layout: "StandaloneLayout",
    });
  </script>
</body>
</html>
`;
}
