// Channel tokens: "stl_ch_" + a secret (32 random bytes in base64url); only their SHA-256 is ever stored.
import { CHANNEL_TOKEN_PREFIX } from "@speed-to-lead/spec";
import { newSecret } from "./secret.ts";

const TOKEN_SHAPE = new RegExp(`^${CHANNEL_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

/** @example generateChannelToken() // "stl_ch_Xq3…" (50 characters) */
export const generateChannelToken = (): string => CHANNEL_TOKEN_PREFIX + newSecret();

/** Cheap to reject before any lookup: a value that cannot be one of our tokens. */
export const hasTokenShape = (token: string) => TOKEN_SHAPE.test(token);

/** The last four characters, shown in listings so owners can tell tokens apart. */
export const tokenHint = (token: string) => token.slice(-4);
