// The one page layout: skip link, header with account and language switch, the navigation, main content.
import type { Children } from "@kitajs/html";
import type { Language } from "../../http/language.ts";
import { assetUrl } from "./assets.ts";
import type { Translate } from "./dictionary.ts";
import { ACCOUNTS_PATH, NAV_ENTRIES } from "./navigation.ts";

/**
 * htmx settings as a meta tag (no inline script): no injected indicator styles and no settling of style
 * attributes (the CSP refuses both), no eval, 422 answers (a form with its errors) swapped.
 */
const HTMX_CONFIG = JSON.stringify({
  includeIndicatorStyles: false,
  attributesToSettle: ["class", "width", "height"],
  allowEval: false,
  allowScriptTags: false,
  responseHandling: [
    { code: "204", swap: false },
    { code: "[23]..", swap: true },
    { code: "422", swap: true },
    { code: "[45]..", swap: false, error: true },
  ],
});

export interface SignedInOwner {
  email: string;
  accountSlug: string;
  csrf: string;
  /** An owner of several accounts: the header offers the account chooser. */
  severalAccounts?: boolean;
}

export interface LayoutProps {
  lang: Language;
  t: Translate;
  title: string;
  /** The current request's path, so the language switch returns here. */
  path: string;
  /** Absent on sign-in pages: no navigation, no sign-out. */
  owner?: SignedInOwner;
  /** Id of the current navigation entry. */
  current?: string;
  children?: Children;
}

export function Layout({ lang, t, title, path, owner, current, children }: LayoutProps): JSX.Element {
  const other = lang === "en" ? "es" : "en";
  const switchHref = `/console/language?to=${other}&back=${encodeURIComponent(path)}`;
  return (
    <>
      {"<!doctype html>"}
      <html lang={lang}>
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="htmx-config" content={HTMX_CONFIG} />
          <title safe>{`${title} · ${t("app.name")}`}</title>
          <link rel="icon" href="data:," />
          <link rel="stylesheet" href={assetUrl("console.css")} />
          <script src={assetUrl("htmx.min.js")} defer></script>
          <script src={assetUrl("console.js")} defer></script>
        </head>
        <body>
          <a class="skip" href="#main">
            {t("layout.skip")}
          </a>
          <header class="top">
            <span class="brand">{t("app.name")}</span>
            {owner ? (
              <nav aria-label={t("layout.nav")}>
                <ul>
                  {NAV_ENTRIES.map((entry) => (
                    <li>
                      <a href={entry.href} aria-current={entry.id === current ? "page" : undefined}>
                        {t(entry.label)}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : (
              ""
            )}
            <div class="account">
              {owner ? (
                <span class="who" safe>
                  {t("layout.signedInAs", { email: owner.email, account: owner.accountSlug })}
                </span>
              ) : (
                ""
              )}
              {owner?.severalAccounts ? <a href={ACCOUNTS_PATH}>{t("accounts.switch")}</a> : ""}
              <a href={switchHref} hreflang={other} lang={other} class="lang">
                {t("layout.switchTo")}
              </a>
              {owner ? (
                <form method="post" action="/console/sign-out" class="inline">
                  <input type="hidden" name="_csrf" value={owner.csrf} />
                  <button type="submit" class="link">
                    {t("layout.signOut")}
                  </button>
                </form>
              ) : (
                ""
              )}
            </div>
          </header>
          <main id="main" tabindex="-1">
            {children}
          </main>
        </body>
      </html>
    </>
  );
}
