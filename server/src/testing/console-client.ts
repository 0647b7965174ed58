// Test helper: a browser-like client of the console through app.handle (or a real server's URL): a cookie jar,
// form posts with the page's CSRF token, and owners signed in through a real sign-in link.

import { createOwnerSignIn } from "../core/accounts/owner-access.ts";
import type { Queryable } from "../db/database.ts";

export type Handle = (request: Request) => Promise<Response>;

export interface ConsoleClient {
  cookies: Map<string, string>;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  /** A form post; `_csrf` is added from the last page read unless the form sets it (or `csrf: false`). */
  post(path: string, form: Record<string, string>, options?: PostOptions): Promise<Response>;
  /** The CSRF token of the last HTML page this client read. */
  csrf: string | undefined;
  /** The text of the last HTML page read. */
  html: string;
  /** A form's 303 followed, as a browser does (POST-redirect-GET): the page it opens; other answers as they are. */
  follow(response: Response): Promise<Response>;
}

export interface PostOptions {
  csrf?: boolean;
  headers?: Record<string, string>;
}

const csrfIn = (html: string) => /name="_csrf" value="([0-9a-f]{64})"/.exec(html)?.[1];

/** `fetch` of a real server, or `app.handle`, both as a Handle. */
export const fetchHandle: Handle = (request) => fetch(request, { redirect: "manual" });

export function consoleClient(
  handle: Handle,
  base = "http://localhost",
  headers: Record<string, string> = {},
) {
  const client: ConsoleClient = {
    cookies: new Map(),
    csrf: undefined,
    html: "",
    get: (path, extra = {}) => send(path, { method: "GET", headers: extra }),
    post(path, form, options = {}) {
      const fields = { ...form };
      if (options.csrf !== false && !("_csrf" in fields) && client.csrf) fields._csrf = client.csrf;
      return send(path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...options.headers },
        body: new URLSearchParams(fields).toString(),
      });
    },
    async follow(response) {
      const location = response.headers.get("location");
      return response.status === 303 && location ? await client.get(location) : response;
    },
  };

  async function send(
    path: string,
    init: { method: string; headers: Record<string, string>; body?: string },
  ) {
    const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await handle(
      new Request(`${base}${path}`, {
        method: init.method,
        headers: { ...headers, ...(cookie ? { cookie } : {}), ...init.headers },
        body: init.body,
      }),
    );
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at);
      if (/max-age=0/i.test(line)) client.cookies.delete(name);
      else client.cookies.set(name, pair.slice(at + 1));
    }
    if (response.headers.get("content-type")?.startsWith("text/html")) {
      client.html = await response.clone().text();
      client.csrf = csrfIn(client.html) ?? client.csrf;
    }
    return response;
  }
  return client;
}

export const OWNER_PASSWORD = "violet-harbor-42";

/** An owner of the account (both made when new) signed in through a fresh sign-in link, as a browser would. */
export async function signedInOwner(
  db: Queryable,
  handle: Handle,
  slug: string,
  email: string,
  options: { base?: string; headers?: Record<string, string> } = {},
) {
  const base = options.base ?? "http://localhost";
  const { link, account } = await createOwnerSignIn(db, slug, email, base);
  const client = await signInWithLink(handle, link, options);
  return { client, accountId: account.id, link };
}

/**
 * Opens a single-use sign-in link (from `stl owners create`, say), sets OWNER_PASSWORD and returns the
 * signed-in client.
 *
 * @example const owner = await signInWithLink(fetchHandle, link, { base: server.baseUrl });
 */
export async function signInWithLink(
  handle: Handle,
  link: string,
  options: { base?: string; headers?: Record<string, string> } = {},
): Promise<ConsoleClient> {
  const client = consoleClient(handle, options.base ?? "http://localhost", options.headers);
  const page = await client.get(new URL(link).pathname);
  if (page.status !== 200) throw new Error(`sign-in link page answered ${page.status}`);
  const done = await client.post("/console/link", {
    link: link.split("/").pop()!,
    password: OWNER_PASSWORD,
    confirm: OWNER_PASSWORD,
  });
  if (done.status !== 303) throw new Error(`setting the password answered ${done.status}`);
  await client.get("/console/integrations");
  return client;
}
