// Fills a text's {name} placeholders: the one way the console's and the command line's dictionaries say a sentence.

/**
 * A value is put in as it is, never read for placeholders again; an unknown placeholder stays visible.
 *
 * @example fillTemplate("Hold {id} removed.", { id: "7" }) // "Hold 7 removed."
 */
export function fillTemplate(template: string, params?: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params && name in params ? String(params[name]) : whole,
  );
}
