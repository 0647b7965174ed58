// Why a lead is held back from calls (quarantine.ts), as the leads table names it.

export const QUARANTINE_REASONS = ["bot_check_missing", "bot_check_failed", "honeypot"] as const;
export type QuarantineReason = (typeof QUARANTINE_REASONS)[number];
