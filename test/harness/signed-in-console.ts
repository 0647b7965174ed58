// A console test's start: a server process on a fresh PostgreSQL database (dispatcher off), Chromium, and the
// account's owner signed in through a sign-in link, on the Integrations page. Stopped after the file's tests.

import { createDatabase } from "@speed-to-lead/server/testing/postgres-cluster";
import { afterAll, beforeAll, inject } from "vitest";
import { type ConsoleBrowser, openConsoleBrowser, submitNewPassword } from "./console-browser.ts";
import { ownerSignInLink, startMigratedServers } from "./console-servers.ts";
import type {} from "./global-setup.ts";
import type { ServerProcess } from "./server-process.ts";

export interface SignedInConsole {
  server: ServerProcess;
  /** The server's environment (its database, and the settings given), for the CLI. */
  env: Record<string, string> & { DATABASE_URL: string };
  chromium: ConsoleBrowser;
}

/**
 * Registers beforeAll/afterAll; the returned object is filled before the file's first test. `settings` adds to
 * or replaces the server's environment (DISPATCHER=on runs the status-callback sender in it).
 *
 * @example const owner = useSignedInConsole("axe-results-token-scope.json"); await owner.chromium.page.goto(…)
 */
export function useSignedInConsole(
  axeResultsFile: string,
  settings: Record<string, string> = {},
): SignedInConsole {
  const owner = {} as SignedInConsole;
  beforeAll(async () => {
    const env = {
      DATABASE_URL: await createDatabase(inject("postgresAdminUrl")),
      DISPATCHER: "off",
      ...settings,
    };
    owner.env = env;
    [owner.server] = await startMigratedServers(env, 1);
    owner.chromium = await openConsoleBrowser(axeResultsFile);
    await owner.chromium.page.goto(await ownerSignInLink(env, owner.server.baseUrl));
    await submitNewPassword(owner.chromium.page, "violet-harbor-42");
    await owner.chromium.page.waitForURL(`${owner.server.baseUrl}/console/integrations`);
  }, 60_000);
  afterAll(async () => {
    await owner.chromium?.close();
    await owner.server?.stop();
  });
  return owner;
}
