// Token scopes against a real server process on PostgreSQL, tokens from the CLI: an intake-only token posts
// and dry-runs but every read is 403 token_intake_only (spec-conformant, en and es; the SDK refuses the read itself,
// before any request); a read token reads. And the CORS preflight a page's dry run needs, over plain HTTP.
import { createLeadClient, findLead, getLead } from "@speed-to-lead/sdk";
import { LEAD_INTAKE_PATH, LEADS_PATH as LEADS } from "@speed-to-lead/spec";
import { describe, expect, it } from "vitest";
import { useLeadServer } from "../harness/lead-server-fixture.ts";
import { expectConformant } from "../harness/openapi-conformance.ts";

const FORMS = "https://forms.example.com";

describe("token scopes through the real server", () => {
  const server = useLeadServer("postgres", {
    tokens: { form: "scoped", backend: "scoped" },
    intakeOnly: ["form"],
    // The account's backend follows every channel's leads, the form's among them: its owner allowed it.
    readsAllChannels: ["backend"],
    env: { CORS_ALLOWED_ORIGINS: FORMS },
  });
  let sent = 0;
  const counted = (request: Request) => {
    sent += 1;
    return fetch(request);
  };
  const client = (name: "form" | "backend") =>
    createLeadClient({
      baseUrl: server.baseUrl,
      token: server.tokens[name].token,
      maxRetries: 0,
      fetch: counted,
    });

  it("an intake-only token (stl_pk_) posts and dry-runs; its reads are 403, and the SDK refuses them unsent", async () => {
    expect(server.tokens.form.token).toMatch(/^stl_pk_/);
    const key = { platform: "web", external_lead_id: `W-${crypto.randomUUID()}` };
    const dry = await client("form").postLead({ ...key, email: "w@example.com" }, { dryRun: true });
    expect(dry).toMatchObject({ created: true, dryRun: true });
    const posted = await client("form").postLead({ ...key, email: "w@example.com" });
    expect(posted).toMatchObject({ created: true, dryRun: false });

    for (const path of [
      `${LEADS}/${posted.id}`,
      `${LEADS}?platform=web&external_lead_id=${key.external_lead_id}`,
    ]) {
      for (const language of ["en", "es"]) {
        const refused = await expectConformant(
          await fetch(`${server.baseUrl}${path}`, {
            headers: { authorization: `Bearer ${server.tokens.form.token}`, "accept-language": language },
          }),
          path.includes("?") ? "findLead" : "getLead",
        );
        expect([refused.status, refused.body.code, refused.headers.get("content-language")]).toEqual([
          403,
          "token_intake_only",
          language,
        ]);
        expect(refused.headers.get("www-authenticate")).toBe(
          'Bearer realm="speed-to-lead", error="insufficient_scope"',
        );
      }
    }
    const before = sent;
    for (const read of [() => getLead(client("form"), posted.id), () => findLead(client("form"), key)]) {
      const error = await read().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(TypeError);
      expect(error).toMatchObject({ code: "token_intake_only" });
    }
    expect(sent - before, "requests the SDK sent for the refused reads").toBe(0);
    // The same account's read token (the CLI's default scope), allowed to read other channels, reads the lead.
    expect(server.tokens.backend.token).toMatch(/^stl_ch_/);
    expect((await getLead(client("backend"), posted.id)).id).toBe(posted.id);
  });

  it("answers a page's preflight for a dry run, and exposes Dry-Run and ETag on the answers", async () => {
    const preflight = await fetch(`${server.baseUrl}${LEAD_INTAKE_PATH}`, {
      method: "OPTIONS",
      headers: {
        origin: FORMS,
        "access-control-request-method": "POST",
        "access-control-request-headers":
          "authorization,content-type,dry-run,idempotency-key,x-stl-retry-count",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(FORMS);
    const allowed = preflight.headers.get("access-control-allow-headers")!.toLowerCase().split(/,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(["dry-run", "prefer", "x-stl-retry-count"]));

    const dry = await fetch(`${server.baseUrl}${LEAD_INTAKE_PATH}`, {
      method: "POST",
      headers: {
        origin: FORMS,
        authorization: `Bearer ${server.tokens.form.token}`,
        "content-type": "application/json",
        "dry-run": "true",
      },
      body: JSON.stringify({ email: "p@example.com" }),
    });
    expect([dry.status, dry.headers.get("dry-run")]).toEqual([201, "true"]);
    const exposed = dry.headers.get("access-control-expose-headers")!.toLowerCase().split(/,\s*/);
    expect(exposed).toEqual(
      expect.arrayContaining(["dry-run", "etag", "idempotent-replayed", "x-request-id"]),
    );
  });
});
