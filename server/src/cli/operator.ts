// Who ran a command, for the records it writes: --by, else the operating-system user.
import { userInfo } from "node:os";
import { type ParsedArgs, stringOption } from "./args.ts";

/** @example operator(parseArgs(["dnc", "add", "…", "--by", "ana"])) // "ana" */
export function operator(args: ParsedArgs): string {
  const by = stringOption(args, "by")?.trim();
  if (by) return by.slice(0, 200);
  try {
    return userInfo().username || "unknown";
  } catch {
    return "unknown";
  }
}
