// `stl accounts evidence|cooldown`: whether an account's leads need consent evidence to be called, and how long
// one number waits between calls started by different leads.

import { EVIDENCE_REQUIREMENTS, type EvidenceRequirement } from "../core/accounts/evidence-requirement.ts";
import { findAccountId, setCallCooldown, setEvidenceRequirement } from "../core/accounts/token-repository.ts";
import { stringOption, UsageError } from "./args.ts";
import { operatorAudit } from "./operator-audit.ts";
import type { Command } from "./token-commands.ts";

export const accountsEvidenceCommand: Command = async (db, args, print, t) => {
  const slug = args.positionals[2];
  const required = stringOption(args, "require") as EvidenceRequirement | undefined;
  if (!slug || !required || !EVIDENCE_REQUIREMENTS.includes(required)) {
    throw new UsageError("accounts.evidence.needs", { choices: EVIDENCE_REQUIREMENTS.join("|") });
  }
  if (!(await setEvidenceRequirement(db, slug, required))) throw new UsageError("account.unknown", { slug });
  const accountId = await findAccountId(db, slug);
  if (accountId) await operatorAudit(db, args, "evidence.changed", accountId, required);
  if (args.options.json) print(JSON.stringify({ account: slug, require_consent_evidence: required }));
  else if (required === "none") print(t("accounts.evidence.none", { slug }));
  else print(t("accounts.evidence.required", { slug, evidence: t(`accounts.evidence.${required}`) }));
  return 0;
};

export const accountsCooldownCommand: Command = async (db, args, print, t) => {
  const slug = args.positionals[2];
  const hours = Number(stringOption(args, "hours"));
  if (!slug || !Number.isInteger(hours) || hours < 0 || hours > 168)
    throw new UsageError("accounts.cooldown.needs");
  if (!(await setCallCooldown(db, slug, hours))) throw new UsageError("account.unknown", { slug });
  if (args.options.json) print(JSON.stringify({ account: slug, call_cooldown_hours: hours }));
  else print(t(hours === 0 ? "accounts.cooldown.off" : "accounts.cooldown.set", { slug, hours }));
  return 0;
};
