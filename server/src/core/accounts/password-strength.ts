// How guessable a password is, by zxcvbn-ts with its common and English dictionaries: a maintained estimator in place
// of a hand-kept list. The owner's own email and its local part count as dictionary words.
import type { ZxcvbnFactory, ZxcvbnResult } from "@zxcvbn-ts/core";

/** zxcvbn's scale: 3 is "safely unguessable" (about 10^8 guesses); below that it is refused. */
const LOWEST_ACCEPTED_SCORE = 3;

export type WeakPassword = "personal" | "keyboard" | "repeated" | "common";

/**
 * Characters the estimator looks at: its work grows fast with length (840 ms for some 256-character inputs,
 * on the event loop), and 64 characters that pass are strong whatever follows.
 */
const CHECKED_LENGTH = 64;

/**
 * Loaded and built on first use: the dictionaries add about 50 MiB and 0.1 s to a process that imports them, and
 * 170 ms to build, which neither the server's start nor the CLI need to pay.
 */
let estimator: Promise<ZxcvbnFactory> | undefined;
const estimatorOf = () =>
  (estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, english] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
      maxLength: CHECKED_LENGTH,
    });
  })());

/** Keyboard runs and repeats covering this share of a password are refused whatever its score. */
const LARGEST_RUN_SHARE = 0.75;

const reasonOf = (match: ZxcvbnResult["sequence"][number]): WeakPassword | undefined => {
  if (match.pattern === "dictionary" && match.dictionaryName === "userInputs") return "personal";
  if (match.pattern === "spatial") return "keyboard";
  if (match.pattern === "repeat" || match.pattern === "sequence") return "repeated";
  return undefined;
};

/** The longest pattern zxcvbn found says why the password is weak. */
function mainReason(result: ZxcvbnResult): WeakPassword {
  const longest = [...result.sequence].sort((a, b) => b.token.length - a.token.length)[0];
  return (longest && reasonOf(longest)) ?? "common";
}

/** Keyboard runs or repeats making up most of the password: the estimator may still score a long one well. */
function mostlyRuns(result: ZxcvbnResult, length: number): WeakPassword | undefined {
  const covered = { keyboard: 0, repeated: 0 };
  for (const match of result.sequence) {
    const reason = reasonOf(match);
    if (reason === "keyboard" || reason === "repeated") covered[reason] += match.token.length;
  }
  if (covered.keyboard + covered.repeated < length * LARGEST_RUN_SHARE) return undefined;
  return covered.keyboard >= covered.repeated ? "keyboard" : "repeated";
}

/**
 * Why this password is too easy to guess for the owner with this email, or undefined when it is not.
 *
 * @example await weakPassword("qwertyuiopasdf", "ana@acme.example") // "common"
 */
export async function weakPassword(password: string, email: string): Promise<WeakPassword | undefined> {
  const lower = password.toLowerCase();
  const localPart = email.toLowerCase().split("@")[0] ?? "";
  // A local part of 4 characters or more anywhere in the password; a shorter one ("ana") is only a word to zxcvbn.
  if (lower.includes(email.toLowerCase()) || (localPart.length >= 4 && lower.includes(localPart)))
    return "personal";
  const result = (await estimatorOf()).check(password, [email.toLowerCase(), localPart]);
  if (result.score < LOWEST_ACCEPTED_SCORE) return mainReason(result);
  return mostlyRuns(result, Math.min(password.length, CHECKED_LENGTH));
}
