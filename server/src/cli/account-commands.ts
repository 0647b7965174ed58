// `stl accounts evidence`: whether an account's leads need a TrustedForm certificate or LeadiD token to be called.

import { EVIDENCE_REQUIREMENTS, type EvidenceRequirement } from "../core/accounts/evidence-requirement.ts";
import { setEvidenceRequirement } from "../core/accounts/token-repository.ts";
import type { Database } from "../db/database.ts";
import { type ParsedArgs, stringOption, UsageError } from "./args.ts";
import type { Print } from "./token-commands.ts";

export async function accountsEvidenceCommand(db: Database, args: ParsedArgs, print: Print): Promise<number> {
  const slug = args.positionals[2];
  const required = stringOption(args, "require") as EvidenceRequirement | undefined;
  if (!slug || !required || !EVIDENCE_REQUIREMENTS.includes(required)) {
    throw new UsageError(`accounts evidence needs <slug> --require ${EVIDENCE_REQUIREMENTS.join("|")}`);
  }
  if (!(await setEvidenceRequirement(db, slug, required))) throw new UsageError(`No account ${slug}.`);
  if (args.options.json) print(JSON.stringify({ account: slug, require_consent_evidence: required }));
  else
    print(
      required === "none"
        ? `${slug}: leads are called without consent evidence (new leads, within 5 s).`
        : `${slug}: new leads without ${required === "either" ? "a TrustedForm certificate or a LeadiD token" : required === "trustedform" ? "a TrustedForm certificate" : "a LeadiD token"} are answered but not called (reason evidence_missing), within 5 s.`,
    );
  return 0;
}
