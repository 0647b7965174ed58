// Picks English or Spanish for human text from Accept-Language (RFC 9110 quality values).
import type { Language } from "@speed-to-lead/spec";

export type { Language };

/**
 * @example preferredLanguage("es-MX,es;q=0.9,en;q=0.8") // "es"
 * @example preferredLanguage("fr, en;q=0.5")           // "en"
 */
export function preferredLanguage(header: string | null | undefined): Language {
  if (!header) return "en";
  let best: Language = "en";
  let bestQuality = 0;
  for (const part of header.split(",")) {
    const [range = "", ...params] = part.trim().split(";");
    const primary = range.trim().toLowerCase().split("-")[0];
    if (primary !== "en" && primary !== "es") continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.toLowerCase().startsWith("q="));
    const quality = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(quality)) continue;
    // Strictly greater: on a tie the range listed first wins.
    if (quality > bestQuality) {
      best = primary;
      bestQuality = quality;
    }
  }
  return best;
}
