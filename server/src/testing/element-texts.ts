// Test helper: the text of each element matching a CSS selector in an HTML page, read by a real HTML parser.

/** @example await elementTexts(html, "#token-table td.scope-intake") // ["Post only"] */
export async function elementTexts(html: string, selector: string): Promise<string[]> {
  const texts: string[] = [];
  await new HTMLRewriter()
    .on(selector, {
      element() {
        texts.push("");
      },
      text(chunk) {
        texts[texts.length - 1] += chunk.text;
      },
    })
    .transform(new Response(html))
    .text();
  return texts;
}
