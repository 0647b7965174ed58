// The account's channel tokens: usable and expired ones in a table with their actions (and what each may do),
// revoked ones folded away below without actions. Same-named tokens are told apart by their suffix and creation time.
import { tokenPrefix } from "../../core/accounts/channel-token.ts";
import type { AccountToken } from "../../core/accounts/token-service.ts";
import type { Language } from "../../http/language.ts";
import type { Translate } from "../kit/dictionary.ts";
import { LocalTime, TimeSentence } from "../kit/local-time.tsx";
import { TableHead } from "../kit/table-head.tsx";
import { ScopeCell } from "./token-scope.tsx";

export interface TokenTableProps {
  lang: Language;
  t: Translate;
  tokens: AccountToken[];
  now: Date;
}

type Status = { kind: "active" | "expiring" | "expired" | "revoked"; template: string; at?: Date };

function status(token: AccountToken, t: Translate, now: Date): Status {
  if (token.revoked_at) return { kind: "revoked", template: t("integrations.status.revoked") };
  if (token.expires_at && new Date(token.expires_at) <= now)
    return { kind: "expired", template: t("integrations.status.expired"), at: token.expires_at };
  if (token.expires_at)
    return { kind: "expiring", template: t("integrations.status.expires"), at: token.expires_at };
  return { kind: "active", template: t("integrations.status.active") };
}

/** "stl_ch_…AbCd": never broken across lines. */
const suffixOf = (token: AccountToken) => `${tokenPrefix(token.scope)}…${token.hint}`;

function TokenRows({
  lang,
  t,
  tokens,
  now,
  withActions,
}: TokenTableProps & { withActions: boolean }): JSX.Element {
  const columns = [
    t("integrations.col.name"),
    t("integrations.col.token"),
    t("integrations.col.created"),
    t("integrations.col.lastUsed"),
    t("integrations.col.leads24h"),
    t("integrations.col.status"),
    t("integrations.col.scope"),
  ];
  return (
    <table class="cards">
      <TableHead
        caption={withActions ? t("integrations.tokens") : t("integrations.status.revoked")}
        columns={withActions ? [...columns, t("integrations.col.actions")] : columns}
      />
      <tbody>
        {tokens.map((token) => {
          const shown = status(token, t, now);
          const usable = shown.kind === "active" || shown.kind === "expiring";
          const base = `/console/integrations/tokens/${token.id}`;
          // "Roll Website form (stl_ch_…AbCd)": two tokens of one name have different labels.
          const label = (action: string) =>
            t("integrations.actionsFor", { action, name: `${token.name} (${suffixOf(token)})` });
          return (
            <tr data-token-id={token.id}>
              <th scope="row" safe>
                {token.name}
              </th>
              <td data-label={columns[1]}>
                <code class="nowrap" safe>
                  {suffixOf(token)}
                </code>
              </td>
              <td data-label={columns[2]}>
                <LocalTime at={token.created_at} lang={lang} />
              </td>
              <td data-label={columns[3]}>
                {token.last_used_at ? (
                  <LocalTime at={token.last_used_at} lang={lang} />
                ) : (
                  t("integrations.never")
                )}
              </td>
              <td data-label={columns[4]}>{String(token.leads_24h)}</td>
              <td data-label={columns[5]} class={`status-${shown.kind}`}>
                {shown.at ? (
                  <TimeSentence template={shown.template} at={shown.at} lang={lang} />
                ) : (
                  Bun.escapeHTML(shown.template)
                )}
              </td>
              <ScopeCell t={t} scope={token.scope} label={columns[6]} />
              {withActions ? (
                <td class="actions">
                  <a href={`${base}/rename`} aria-label={label(t("integrations.rename"))}>
                    {t("integrations.rename")}
                  </a>
                  <a href={`${base}/settings`} aria-label={label(t("integrations.settings"))}>
                    {t("integrations.settings")}
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
              ) : (
                ""
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export function TokenTable(props: TokenTableProps): JSX.Element {
  const { t, tokens } = props;
  const revoked = tokens.filter((token) => token.revoked_at);
  const current = tokens.filter((token) => !token.revoked_at);
  return (
    <div id="token-table">
      {current.length === 0 ? (
        <p>{t("integrations.empty")}</p>
      ) : (
        <TokenRows {...props} tokens={current} withActions />
      )}
      {revoked.length > 0 ? (
        <details class="revoked-tokens">
          <summary>{t("integrations.revokedSection", { count: revoked.length })}</summary>
          <TokenRows {...props} tokens={revoked} withActions={false} />
        </details>
      ) : (
        ""
      )}
    </div>
  );
}
