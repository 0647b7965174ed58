// The `detail` text of a problem in the caller's language, filled in from the spec's table; never includes submitted values.
import {
  type Language,
  PROBLEM_CODES,
  type ProblemCode,
  SECONDS_TEXT,
  type Translated,
} from "@speed-to-lead/spec";

export function problemDetail(
  code: ProblemCode,
  lang: Language,
  { count = 1, seconds = 1 }: { count?: number; seconds?: number } = {},
) {
  const definition: { detail: Translated; detailOne?: Translated } = PROBLEM_CODES[code];
  const template = (count === 1 && definition.detailOne) || definition.detail;
  const wait = (seconds === 1 ? SECONDS_TEXT.one : SECONDS_TEXT.other)[lang].replace("{n}", String(seconds));
  return template[lang].replace("{seconds}", wait).replace("{count}", String(count));
}
