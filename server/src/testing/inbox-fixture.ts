// A database (PGlite or PostgreSQL) with the real intake, dispatchers and the live feed wired as a server wires them.
import type { LeadAccepted } from "@speed-to-lead/spec";
import { createChannelToken } from "../core/accounts/token-repository.ts";
import {
  type Backend,
  createPostgresTestDatabase,
  type HandoffFixture,
  openHandoffFixture,
} from "./handoff-fixture.ts";
import { createTestToken, intakeRequest } from "./intake-requests.ts";

export { BACKENDS, type Backend } from "./handoff-fixture.ts";

/** A channel of a test account: its identity and the token that posts through it. */
export interface TestChannel {
  accountId: string;
  tokenId: string;
  token: string;
}

export interface InboxFixture extends HandoffFixture {
  /** PostgreSQL URL of the fixture's database; undefined on PGlite. */
  postgresUrl?: string;
  /** A new account with one channel token. */
  newAccount(): Promise<TestChannel>;
  /** Another token of the same account. */
  newChannel(accountId: string, name: string): Promise<TestChannel>;
  /** POSTs through the real intake route with this channel's token. */
  postAs(
    channel: TestChannel,
    lead: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: LeadAccepted }>;
}

/** @example const fixture = await openInboxFixture("postgres"); */
export async function openInboxFixture(backend: Backend): Promise<InboxFixture> {
  const postgresUrl = backend === "postgres" ? await createPostgresTestDatabase() : undefined;
  // The feed LISTENs, as a server's does: changes committed elsewhere reach it.
  const handoff = await openHandoffFixture(postgresUrl, { listen: true });
  return {
    ...handoff,
    postgresUrl,
    newAccount: () => createTestToken(handoff.db),
    async newChannel(accountId, name) {
      const { id, token } = await createChannelToken(handoff.db, accountId, name);
      return { accountId, tokenId: id, token };
    },
    async postAs(channel, lead, headers = {}) {
      const response = await handoff.app.handle(intakeRequest(lead, { token: channel.token, headers }));
      return { status: response.status, body: await response.json() };
    },
  };
}

/** A fixture with two accounts: `web`, the account under test, and `other`, whose leads must never show in web's views. */
export async function openWithTwoAccounts(
  backend: Backend,
): Promise<{ fixture: InboxFixture; web: TestChannel; other: TestChannel }> {
  const fixture = await openInboxFixture(backend);
  return { fixture, web: await fixture.newAccount(), other: await fixture.newAccount() };
}
