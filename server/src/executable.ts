// The single executable's entry (`bun run build:binary`): `stl serve` runs the server; any other command is the CLI's.
import { runCli } from "./cli/main.ts";
import { loadConfig } from "./config.ts";
import { runServer } from "./main.ts";

const [command] = process.argv.slice(2);
if (command === "serve") await runServer(loadConfig());
else process.exit(await runCli(process.argv.slice(2)));
