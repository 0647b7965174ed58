// A small argument parser: positionals, --flag value, --flag=value and boolean --flags.
import type { CliKey } from "./text/cli-dictionary.ts";

export interface ParsedArgs {
  positionals: string[];
  options: Record<string, string | true>;
}

/** @example parseArgs(["tokens", "create", "--account", "acme", "--json"]) */
export function parseArgs(
  argv: string[],
  booleanFlags: ReadonlySet<string> = new Set(["json", "help"]),
): ParsedArgs {
  const positionals: string[] = [];
  const options: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "-h") {
      options.help = true;
    } else if (arg.startsWith("--")) {
      const [name = "", inline] = arg.slice(2).split(/=(.*)/s, 2);
      if (inline !== undefined) options[name] = inline;
      else if (booleanFlags.has(name)) options[name] = true;
      else {
        const value = argv[i + 1];
        if (value === undefined || value.startsWith("--")) throw new UsageError("args.needsValue", { name });
        options[name] = value;
        i++;
      }
    } else {
      positionals.push(arg);
    }
  }
  return { positionals, options };
}

/** A mistake in how the command was called: its text (by key, in the chosen language) and the usage, exit code 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";

  constructor(
    readonly key: CliKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

export function stringOption(args: ParsedArgs, name: string): string | undefined {
  const value = args.options[name];
  if (value === true) throw new UsageError("args.needsValue", { name });
  return value;
}
