// `stl accounts evidence`: whether an account's leads need a TrustedForm certificate or LeadiD token to be called.

import { EVIDENCE_REQUIREMENTS, type EvidenceRequirement } from "../core/accounts/evidence-requirement.ts";
import { findAccountId, setEvidenceRequirement } from "../core/accounts/token-repository.ts";
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
