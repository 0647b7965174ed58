// A request URL's pathname, without a URL parse for the usual plain path: every request is logged and routed by it.

/** Plain characters only, no dot segment: such a path is its own URL pathname. */
const PLAIN_PATH = /^\/(?:[A-Za-z0-9_~-]|\.(?!\.?(?:\/|$))|\/(?!\.))*$/;

/**
 * The URL's pathname, without parsing the URL for the usual plain path (every request is logged).
 *
 * @example pathOf("http://localhost:3000/api/speed-to-lead/channel-inbound.php?x=1") // "/api/speed-to-lead/channel-inbound.php"
 */
export function pathOf(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return new URL(url).pathname;
  let end = url.length;
  for (let i = start; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code === 63 || code === 35) {
      end = i;
      break;
    }
  }
  const path = url.slice(start, end);
  return PLAIN_PATH.test(path) ? path : new URL(url).pathname;
}
