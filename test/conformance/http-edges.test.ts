// What reaches the service at the edges of HTTP: encoded bodies, bodies above Bun's own limit, and the
// answers Bun's HTTP layer gives before the service (pinned here, documented in the spec).
import { gzipSync } from "node:zlib";
import { seedToken } from "@speed-to-lead/server/testing/seed-tokens";
import { LEAD_INTAKE_PATH } from "@speed-to-lead/spec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BackendDatabase, createBackendDatabase } from "../harness/database-backend.ts";
import { postLead } from "../harness/lead-http.ts";
import { intakePostHead, rawExchange } from "../harness/raw-http.ts";
import { type ServerProcess, startServerProcess } from "../harness/server-process.ts";
import { openapiDocument } from "../harness/spec-ajv.ts";

const lead = () => JSON.stringify({ email: `edge-${crypto.randomUUID()}@example.com` });

describe("HTTP edges", () => {
  let database: BackendDatabase;
  let server: ServerProcess;
  let token: string;

  beforeAll(async () => {
    database = await createBackendDatabase("pglite");
    token = (await seedToken(database.env, "edges", "e2e")).token;
    server = await startServerProcess({ databaseEnv: database.env });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await database?.remove();
  });

  const head = (framing: string) => intakePostHead(token, framing);

  it("refuses any Content-Encoding but identity with 415 unsupported_content_encoding", async () => {
    const encoded = [
      ["gzip", new Uint8Array(gzipSync(lead()))],
      ["br", new TextEncoder().encode(lead())], // plain JSON labelled as compressed
      ["GZIP, identity", new Uint8Array(gzipSync(lead()))],
    ] as const;
    for (const [encoding, body] of encoded) {
      const refused = await postLead(server.baseUrl, {
        token,
        body,
        headers: { "content-encoding": encoding },
      });
      expect([refused.status, refused.body.code]).toEqual([415, "unsupported_content_encoding"]);
      expect(refused.headers.get("accept-encoding")).toBe("identity");
    }
    const identity = await postLead(server.baseUrl, {
      token,
      body: lead(),
      headers: { "content-encoding": "identity" },
    });
    expect(identity.status).toBe(201);
  });

  it("a declared body above Bun's own limit still gets the service's 413 problem+json", async () => {
    const { responses } = await rawExchange(server.port, [head("Content-Length: 200000000\r\n")]);
    expect(responses[0]?.status).toBe(413);
    expect(responses[0]?.headers["content-type"]).toBe("application/problem+json");
    expect(JSON.parse(responses[0]?.body ?? "{}").code).toBe("payload_too_large");
  });

  it("answers the HTTP layer gives before the service are the ones the spec documents", async () => {
    const documented = Object.keys(openapiDocument.paths[LEAD_INTAKE_PATH]?.post.responses);
    const layer = async (bytes: string) => (await rawExchange(server.port, [bytes])).responses[0];
    const cases = [
      [431, head(`X-Padding: ${"a".repeat(20_000)}\r\nContent-Length: 2\r\n`)],
      [400, head("Content-Length: abc\r\n")],
      [400, head("Content-Length: 2\r\nTransfer-Encoding: chunked\r\n")],
      [400, `${head("Transfer-Encoding: chunked\r\n")}zz\r\n{}\r\n0\r\n\r\n`],
    ] as const;
    for (const [status, bytes] of cases) {
      const answer = await layer(bytes);
      // Bun's answers: the status alone, an empty body; if one turns into problem+json, update the spec.
      expect([answer?.status, answer?.body]).toEqual([status, ""]);
      expect(documented).toContain(String(status));
    }
    // A method HTTP does not define: the connection is closed without an answer (the spec's 405 says so).
    const brew = await rawExchange(server.port, [
      `BREW ${LEAD_INTAKE_PATH} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    ]);
    expect([brew.responses.length, brew.closedByServer]).toEqual([0, true]);
  });
});
