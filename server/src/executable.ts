// The single executable's entry (`bun run build:binary`): `stl serve` runs the server, `stl probe` checks one
// (a container's HEALTHCHECK, where no curl is installed); any other command is the CLI's.
import { runCli } from "./cli/main.ts";
import { loadConfig } from "./config.ts";
import { runServer } from "./main.ts";

/** `stl probe [/readyz|/healthz]`: exit 0 when this machine's server answers 200 on PORT, else 1. */
async function probe(path = "/readyz"): Promise<number> {
  const url = `http://127.0.0.1:${loadConfig().port}${path}`;
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) }).catch(() => undefined);
  return response?.status === 200 ? 0 : 1;
}

const [command, ...rest] = process.argv.slice(2);
if (command === "serve") await runServer(loadConfig());
else if (command === "probe") process.exit(await probe(rest[0]));
else process.exit(await runCli(process.argv.slice(2)));
