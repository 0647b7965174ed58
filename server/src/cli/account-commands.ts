// `stl accounts evidence|cooldown|locations`: an account's conditions for calling a lead — whether its leads
// need consent evidence, how long one number waits between calls started by different leads, and whether a
// number nothing places is called.

import { EVIDENCE_REQUIREMENTS, type EvidenceRequirement } from "../core/accounts/evidence-requirement.ts";
import {
  findAccountId,
  setCallCooldown,
  setCallsUnknownLocations,
  setEvidenceRequirement,
} from "../core/accounts/token-repository.ts";
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

/** hold (the default): a number nothing places is answered without its phone (location_unknown); call: within the contiguous-US window. */
const UNKNOWN_LOCATION_CHOICES = ["hold", "call"] as const;

export const accountsLocationsCommand: Command = async (db, args, print, t) => {
  const slug = args.positionals[2];
  const unknown = stringOption(args, "unknown") as (typeof UNKNOWN_LOCATION_CHOICES)[number] | undefined;
  if (!slug || !unknown || !UNKNOWN_LOCATION_CHOICES.includes(unknown)) {
    throw new UsageError("accounts.locations.needs", { choices: UNKNOWN_LOCATION_CHOICES.join("|") });
  }
  if (!(await setCallsUnknownLocations(db, slug, unknown === "call")))
    throw new UsageError("account.unknown", { slug });
  if (args.options.json) print(JSON.stringify({ account: slug, call_unknown_locations: unknown === "call" }));
  else print(t(`accounts.locations.${unknown}`, { slug }));
  return 0;
};
