// A form's bot check (Cloudflare Turnstile, hCaptcha): the token a widget gave the visitor, verified with the
// provider's siteverify API (a form POST of the secret, the token and the visitor's address; JSON `success`).
import { readCappedBody } from "./request-body.ts";

/** Cloudflare Turnstile's siteverify; hCaptcha's is https://api.hcaptcha.com/siteverify (BOT_CHECK_VERIFY_URL). */
const TURNSTILE_VERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

/** Turnstile's tokens are at most 2048 characters: anything longer is not one, and is never sent on. */
const TOKEN_MAX = 4_096;
/** A siteverify answer is a few hundred bytes: more is not read. */
const ANSWER_MAX_BYTES = 16 * 1024;

type BotCheck = { passed: true } | { passed: false; reason: "missing" | "failed" };

export interface BotCheckVerifier {
  verify(token: string | null, remoteIp: string | undefined): Promise<BotCheck>;
}

export interface BotCheckOptions {
  /** BOT_CHECK_SECRET; without one every check fails (and the server says so at start). */
  secret: string | undefined;
  verifyUrl?: string;
  /** The provider's answer is waited for this long; after it the check failed (the lead is held, not lost). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Fails closed: no token, a refusal, a provider that is down or slow, or an answer that is not JSON all fail
 * the check, which quarantines the lead rather than refusing it.
 *
 * @example const check = await createBotCheckVerifier({ secret }).verify(request.headers.get("bot-check-token"), ip);
 */
export function createBotCheckVerifier(options: BotCheckOptions): BotCheckVerifier {
  const verifyUrl = options.verifyUrl ?? TURNSTILE_VERIFY_URL;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const send = options.fetch ?? fetch;
  return {
    async verify(token, remoteIp) {
      const sent = token?.trim() ?? "";
      if (!sent) return { passed: false, reason: "missing" };
      if (!options.secret || sent.length > TOKEN_MAX) return { passed: false, reason: "failed" };
      const form = new URLSearchParams({ secret: options.secret, response: sent });
      if (remoteIp) form.set("remoteip", remoteIp);
      try {
        const signal = AbortSignal.timeout(timeoutMs);
        // The deadline holds whatever the fetch does with its signal.
        const late = new Promise<never>((_, reject) =>
          signal.addEventListener("abort", () => reject(signal.reason), { once: true }),
        );
        const answer = await Promise.race([send(verifyUrl, { method: "POST", body: form, signal }), late]);
        const bytes = await readCappedBody(answer, ANSWER_MAX_BYTES);
        if (!bytes) return { passed: false, reason: "failed" };
        const verdict = JSON.parse(Buffer.from(bytes).toString("utf8")) as { success?: unknown };
        return answer.ok && verdict.success === true ? { passed: true } : { passed: false, reason: "failed" };
      } catch {
        return { passed: false, reason: "failed" };
      }
    },
  };
}
