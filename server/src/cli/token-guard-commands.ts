// `stl tokens guard|reads`: what an intake-only token asks of a post (bot check, honeypot, origins), and whether a
// read token may read other channels' leads.
import {
  type IntakeGuard,
  readTokenSettings,
  setIntakeGuard,
  setReadsAllChannels,
  type TokenSettings,
} from "../core/accounts/intake-guard.ts";
import { tokenAccountId } from "../core/accounts/token-service.ts";
import { stringOption, UsageError } from "./args.ts";
import type { CliTranslate } from "./text/cli-dictionary.ts";
import type { Command, Print } from "./token-commands.ts";

const onOff = (
  value: string | undefined,
  usage: "tokens.guard.needs" | "tokens.reads.needs",
): boolean | undefined => {
  if (value === undefined) return undefined;
  if (value === "on" || value === "off") return value === "on";
  throw new UsageError(usage);
};

function printSettings(print: Print, t: CliTranslate, id: string, settings: TokenSettings, json: boolean) {
  if (json) {
    print(
      JSON.stringify({
        id,
        scope: settings.scope,
        reads_all_channels: settings.readsAllChannels,
        bot_check_required: settings.botCheckRequired,
        honeypot_field: settings.honeypotField,
        allowed_origins: settings.allowedOrigins,
      }),
    );
    return;
  }
  if (settings.scope === "read") {
    print(t(settings.readsAllChannels ? "tokens.reads.all" : "tokens.reads.own", { id }));
    return;
  }
  print(t(settings.botCheckRequired ? "tokens.guard.botCheck.on" : "tokens.guard.botCheck.off", { id }));
  print(t("tokens.guard.honeypot", { field: settings.honeypotField ?? "—" }));
  print(
    t("tokens.guard.origins", {
      origins: settings.allowedOrigins?.join(", ") ?? t("tokens.guard.anyOrigin"),
    }),
  );
}

/**
 * `tokens guard <id> [--bot-check on|off] [--honeypot <field>|none] [--origins <origin,…>|any]`: what is not
 * named stays as it is; with no option, prints the token's guard.
 */
export const tokenGuardCommand: Command = async (db, args, print, t) => {
  const id = args.positionals[2];
  if (!id) throw new UsageError("tokens.needsId", { command: "guard" });
  const accountId = await tokenAccountId(db, id);
  const current = accountId ? await readTokenSettings(db, accountId, id) : undefined;
  if (!accountId || !current) {
    print(t("tokens.unknown", { id }));
    return 1;
  }
  const botCheck = onOff(stringOption(args, "bot-check"), "tokens.guard.needs");
  const honeypot = stringOption(args, "honeypot");
  const origins = stringOption(args, "origins");
  const guard: IntakeGuard = {
    botCheckRequired: botCheck ?? current.botCheckRequired,
    honeypotField: honeypot === undefined ? current.honeypotField : honeypot === "none" ? null : honeypot,
    allowedOrigins:
      origins === undefined
        ? current.allowedOrigins
        : origins === "any"
          ? null
          : origins.split(",").map((origin) => origin.trim()),
  };
  const changes = botCheck !== undefined || honeypot !== undefined || origins !== undefined;
  if (changes) {
    const set = await setIntakeGuard(db, accountId, id, guard);
    if (!set.ok)
      throw new UsageError(set.code === "not_found" ? "tokens.unknown" : `tokens.guard.${set.code}`, { id });
  }
  // As stored (origins normalized), not as typed.
  const shown = changes ? await readTokenSettings(db, accountId, id) : current;
  printSettings(print, t, id, shown!, args.options.json === true);
  return 0;
};

/** `tokens reads <id> --all-channels on|off`: whether a read token may read other channels' leads. */
export const tokenReadsCommand: Command = async (db, args, print, t) => {
  const id = args.positionals[2];
  const allowed = onOff(stringOption(args, "all-channels"), "tokens.reads.needs");
  if (!id || allowed === undefined) throw new UsageError("tokens.reads.needs");
  const accountId = await tokenAccountId(db, id);
  if (!accountId || !(await setReadsAllChannels(db, accountId, id, allowed))) {
    print(t("tokens.unknown", { id }));
    return 1;
  }
  printSettings(print, t, id, (await readTokenSettings(db, accountId, id))!, args.options.json === true);
  return 0;
};
