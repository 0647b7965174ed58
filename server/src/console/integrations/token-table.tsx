// The account's channel tokens as a table: name, prefix and last four, created, last used, leads (24 h), status, access.
import { tokenPrefix } from "../../core/accounts/channel-token.ts";
import type { AccountToken } from "../../core/accounts/token-service.ts";
import type { Language } from "../../http/language.ts";
import { shownTime } from "../kit/dates.ts";
import type { Translate } from "../kit/dictionary.ts";
import { TableHead } from "../kit/table-head.tsx";
import { ScopeCell } from "./token-scope.tsx";

export interface TokenTableProps {
  lang: Language;
  t: Translate;
  tokens: AccountToken[];
  now: Date;
  /** Rendered for an htmx response beside another fragment: replaces the table in place. */
  outOfBand?: boolean;
}

function TimeCell({ at, lang }: { at: Date; lang: Language }): JSX.Element {
  return (
    <time datetime={new Date(at).toISOString()} safe>
      {shownTime(at, lang)}
    </time>
  );
}

function status(
  token: AccountToken,
  t: Translate,
  lang: Language,
  now: Date,
): { kind: string; text: string } {
  if (token.revoked_at) return { kind: "revoked", text: t("integrations.status.revoked") };
  if (token.expires_at && new Date(token.expires_at) <= now)
    return {
      kind: "expired",
      text: t("integrations.status.expired", { at: shownTime(token.expires_at, lang) }),
    };
  if (token.expires_at)
    return {
      kind: "expiring",
      text: t("integrations.status.expires", { at: shownTime(token.expires_at, lang) }),
    };
  return { kind: "active", text: t("integrations.status.active") };
}

export function TokenTable({ lang, t, tokens, now, outOfBand }: TokenTableProps): JSX.Element {
  return (
    <div id="token-table" hx-swap-oob={outOfBand ? "true" : undefined}>
      {tokens.length === 0 ? (
        <p>{t("integrations.empty")}</p>
      ) : (
        <table>
          <TableHead
            caption={t("integrations.tokens")}
            columns={[
              t("integrations.col.name"),
              t("integrations.col.token"),
              t("integrations.col.created"),
              t("integrations.col.lastUsed"),
              t("integrations.col.leads24h"),
              t("integrations.col.status"),
              t("integrations.col.scope"),
              t("integrations.col.actions"),
            ]}
          />
          <tbody>
            {tokens.map((token) => {
              const shown = status(token, t, lang, now);
              const usable = shown.kind === "active" || shown.kind === "expiring";
              const base = `/console/integrations/tokens/${token.id}`;
              const label = (action: string) => t("integrations.actionsFor", { action, name: token.name });
              return (
                <tr data-token-id={token.id}>
                  <th scope="row" safe>
                    {token.name}
                  </th>
                  <td>
                    <code safe>{`${tokenPrefix(token.scope)}…${token.hint}`}</code>
                  </td>
                  <td>
                    <TimeCell at={token.created_at} lang={lang} />
                  </td>
                  <td>
                    {token.last_used_at ? (
                      <TimeCell at={token.last_used_at} lang={lang} />
                    ) : (
                      t("integrations.never")
                    )}
                  </td>
                  <td>{String(token.leads_24h)}</td>
                  <td class={`status-${shown.kind}`} safe>
                    {shown.text}
                  </td>
                  <ScopeCell t={t} scope={token.scope} />
                  <td class="actions">
                    <a href={`${base}/rename`} aria-label={label(t("integrations.rename"))}>
                      {t("integrations.rename")}
                    </a>
                    {usable ? (
                      <>
                        <a href={`${base}/roll`} aria-label={label(t("integrations.roll"))}>
                          {t("integrations.roll")}
                        </a>
                        <a href={`${base}/revoke`} aria-label={label(t("integrations.revoke"))}>
                          {t("integrations.revoke")}
                        </a>
                      </>
                    ) : (
                      ""
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}
