// Cookies and HSTS when PUBLIC_URL is https, through real HTTP handling on PGlite behind a TLS-terminating proxy
// (X-Forwarded-Proto with TRUST_PROXY): `__Host-` names, Secure, Path=/, no Domain; a plain-named cookie a sibling
// subdomain could plant is ignored; a new device secret at every sign-in, never the browser's own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "../../app.ts";
import type { Database } from "../../db/database.ts";
import { migrate } from "../../db/migrate.ts";
import { consoleClient, OWNER_PASSWORD, signedInOwner } from "../../testing/console-client.ts";
import { createMemoryDatabase } from "../../testing/fresh-pglite.ts";

let db: Database;
let secureApp: App;
let plainApp: App;
const secure = (request: Request) => secureApp.handle(request);
const plain = (request: Request) => plainApp.handle(request);
const PROXIED = { base: "http://leads.example", headers: { "x-forwarded-proto": "https" } };

beforeAll(async () => {
  db = await createMemoryDatabase();
  await migrate(db);
  secureApp = createApp({ db, publicUrl: "https://leads.example", trustProxy: true });
  plainApp = createApp({ db, publicUrl: "http://localhost" });
});
afterAll(() => db.close());

/** The Set-Cookie lines of a response by cookie name. */
const setCookies = (response: Response) =>
  new Map(response.headers.getSetCookie().map((line) => [line.slice(0, line.indexOf("=")), line]));

async function signIn(handle: (request: Request) => Promise<Response>, email: string, base: typeof PROXIED) {
  const client = consoleClient(handle, base.base, base.headers);
  await client.get("/console/sign-in");
  const response = await client.post("/console/sign-in", { email, password: OWNER_PASSWORD });
  return { client, response };
}

describe("behind a TLS-terminating proxy with PUBLIC_URL https", () => {
  it("names the console's cookies __Host- with Secure, Path=/ and no Domain, and sends HSTS", async () => {
    await signedInOwner(db, secure, "https-acme", "ana@https.example", PROXIED);
    const { client, response } = await signIn(secure, "ana@https.example", PROXIED);
    expect(response.status).toBe(303);
    const cookies = setCookies(response);
    for (const name of ["__Host-stl_session", "__Host-stl_device"]) {
      const line = cookies.get(name);
      expect(line, name).toBeDefined();
      expect(line).toMatch(/; Secure/);
      expect(line).toMatch(/; Path=\//);
      expect(line).not.toMatch(/Domain=/i);
    }
    expect([...cookies.keys()].filter((name) => !name.startsWith("__Host-"))).toEqual([]);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    const page = await client.get("/console/team");
    expect(page.status).toBe(200);
    expect(page.headers.get("strict-transport-security")).toMatch(/^max-age=63072000/);
  });

  it("ignores a plain-named session cookie, as a sibling subdomain could plant one", async () => {
    const { client } = await signIn(secure, "ana@https.example", PROXIED);
    const secret = client.cookies.get("__Host-stl_session")!;
    const planted = consoleClient(secure, PROXIED.base, PROXIED.headers);
    planted.cookies.set("stl_session", secret);
    const page = await planted.get("/console/team");
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toMatch(/^\/console\/sign-in/);
  });

  it("is Secure even when the proxy does not say https: PUBLIC_URL decides", async () => {
    const direct = consoleClient(secure, "http://leads.example");
    const page = await direct.get("/console/sign-in");
    expect(setCookies(page).get("__Host-stl_presession")).toMatch(/; Secure/);
  });
});

describe("devices", () => {
  it("mints a new device secret at every sign-in and never adopts the browser's own", async () => {
    await signedInOwner(db, plain, "device-acme", "ana@device.example");
    const plantedValue = "A".repeat(43);
    const client = consoleClient(plain);
    client.cookies.set("stl_device", plantedValue);
    await client.get("/console/sign-in");
    const first = await client.post("/console/sign-in", {
      email: "ana@device.example",
      password: OWNER_PASSWORD,
    });
    const firstDevice = client.cookies.get("stl_device");
    expect(firstDevice).toBeDefined();
    expect(firstDevice).not.toBe(plantedValue);
    expect(first.headers.get("strict-transport-security")).toBeNull();
    expect(setCookies(first).get("stl_session")).not.toMatch(/Secure/);
    await client.get("/console/team");
    expect((await client.post("/console/sign-out", {})).status).toBe(303);
    await client.get("/console/sign-in");
    const second = await client.post("/console/sign-in", {
      email: "ana@device.example",
      password: OWNER_PASSWORD,
    });
    expect(second.status).toBe(303);
    expect(client.cookies.get("stl_device")).not.toBe(firstDevice);
  });
});
