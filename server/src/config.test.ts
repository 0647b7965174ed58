import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loadConfig, REPOSITORY_ROOT, resolvePgliteDir } from "./config.ts";

describe("loadConfig", () => {
  it("has the defaults server/README.md lists", () => {
    const { handoff: _handoff, ...server } = loadConfig({});
    expect(server).toEqual({
      port: 3000,
      host: "0.0.0.0",
      databaseUrl: undefined,
      databasePooler: "none",
      databaseDirectUrl: undefined,
      pgliteDir: `${REPOSITORY_ROOT}/.data/pglite`,
      rateLimitPerSecond: 50,
      rateLimitBurst: 100,
      clientRateLimit: undefined,
      botCheck: { secret: undefined, verifyUrl: undefined },
      logLevel: "info",
      databasePoolSize: 4,
      corsAllowedOrigins: [],
      databaseTimeoutMs: 8000,
      metricsPort: undefined,
      metricsHost: "127.0.0.1",
      trustProxy: false,
      failedAuthPerMinute: 60,
      passwordChecksAtOnce: 4,
      expiredRowsSweepSeconds: 600,
      auditRetentionDays: 365,
      smtpInsecure: false,
      memoryTargetMb: 0,
      publicUrl: undefined,
      intakeBatch: { maxLeads: 32, waitMs: 1 },
      callbacks: {
        allowPrivate: false,
        timeoutMs: 10_000,
        concurrency: 32,
        perDestination: 4,
        retryBaseMs: 60_000,
        retryMaxMs: 8 * 3_600_000,
        pauseAfterMs: 24 * 3_600_000,
      },
      requestLog: { enabled: true, retentionDays: 7, maxRowsPerToken: 10_000 },
    });
  });

  it("reads the request log's switch and bounds", () => {
    const set = {
      REQUEST_LOG: "off",
      REQUEST_LOG_RETENTION_DAYS: "2",
      REQUEST_LOG_MAX_ROWS_PER_TOKEN: "500",
    };
    expect(loadConfig(set).requestLog).toEqual({ enabled: false, retentionDays: 2, maxRowsPerToken: 500 });
    expect(() => loadConfig({ REQUEST_LOG: "maybe" })).toThrow(/REQUEST_LOG/);
    expect(() => loadConfig({ REQUEST_LOG_MAX_ROWS_PER_TOKEN: "0" })).toThrow(
      /REQUEST_LOG_MAX_ROWS_PER_TOKEN/,
    );
  });

  it("reads the per-client rate of intake-only tokens (both or neither, each process's share) and the bot check", () => {
    const both = {
      RATE_LIMIT_PER_CLIENT_PER_SECOND: "10",
      RATE_LIMIT_PER_CLIENT_BURST: "20",
      SERVER_PROCESSES: "2",
    };
    expect(loadConfig(both).clientRateLimit).toEqual({ perSecond: 5, burst: 10 });
    expect(() => loadConfig({ RATE_LIMIT_PER_CLIENT_BURST: "20" })).toThrow(/go together/);
    const botCheck = { BOT_CHECK_SECRET: " s ", BOT_CHECK_VERIFY_URL: "https://api.hcaptcha.com/siteverify" };
    expect(loadConfig(botCheck).botCheck).toEqual({
      secret: "s",
      verifyUrl: "https://api.hcaptcha.com/siteverify",
    });
    expect(() => loadConfig({ BOT_CHECK_VERIFY_URL: "ftp://x" })).toThrow(/BOT_CHECK_VERIFY_URL/);
  });

  it("reads EVIDENCE_PRIVATE_KEY (PEM, \\n-escaped or bare base64) and refuses anything but an Ed25519 key, with the fix", () => {
    expect(loadConfig({}).evidencePrivateKey).toBeUndefined();
    const ed25519 = generateKeyPairSync("ed25519").privateKey.export({
      format: "pem",
      type: "pkcs8",
    }) as string;
    const escaped = ed25519.trim().replaceAll("\n", "\\n");
    const bare = ed25519.replace(/-----[^-]+-----/g, "").replace(/\s+/g, "");
    for (const text of [ed25519, escaped, bare])
      expect(loadConfig({ EVIDENCE_PRIVATE_KEY: text }).evidencePrivateKey?.asymmetricKeyType).toBe(
        "ed25519",
      );
    const rsa = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({
      format: "pem",
      type: "pkcs8",
    });
    expect(() => loadConfig({ EVIDENCE_PRIVATE_KEY: rsa as string })).toThrow(
      /rsa key, not Ed25519: make one with `openssl genpkey -algorithm ed25519`/,
    );
    expect(() => loadConfig({ EVIDENCE_PRIVATE_KEY: "0123456789abcdef0123456789abcdef" })).toThrow(
      /not a private key in PEM: make one/,
    );
    // The shared HMAC secret is refused rather than silently ignored.
    expect(() => loadConfig({ EVIDENCE_SIGNING_KEY: "0123456789abcdef0123456789abcdef" })).toThrow(
      /EVIDENCE_SIGNING_KEY is no longer read/,
    );
  });

  it("reads the coalesced-commit settings: 1 lead turns batching off, 0 ms sends on the next tick", () => {
    expect(loadConfig({ INTAKE_BATCH_MAX_LEADS: "1", INTAKE_BATCH_WAIT_MS: "0" }).intakeBatch).toEqual({
      maxLeads: 1,
      waitMs: 0,
    });
    expect(loadConfig({ INTAKE_BATCH_MAX_LEADS: "64", INTAKE_BATCH_WAIT_MS: "2.5" }).intakeBatch).toEqual({
      maxLeads: 64,
      waitMs: 2.5,
    });
    expect(() => loadConfig({ INTAKE_BATCH_MAX_LEADS: "0" })).toThrow(
      /INTAKE_BATCH_MAX_LEADS must be a positive/,
    );
    expect(() => loadConfig({ INTAKE_BATCH_WAIT_MS: "-1" })).toThrow(/INTAKE_BATCH_WAIT_MS/);
  });

  it("reads the hardening settings and refuses values that would unbound or confuse them", () => {
    const env = { DATABASE_TIMEOUT_MS: "2500", METRICS_PORT: "9464", METRICS_HOST: "0.0.0.0" };
    expect(loadConfig({ ...env, TRUST_PROXY: "TRUE", FAILED_AUTH_PER_MINUTE: "0" })).toMatchObject({
      databaseTimeoutMs: 2500,
      metricsPort: 9464,
      metricsHost: "0.0.0.0",
      trustProxy: true,
      failedAuthPerMinute: 0,
    });
    expect(() => loadConfig({ DATABASE_TIMEOUT_MS: "0" })).toThrow(/DATABASE_TIMEOUT_MS/);
    expect(() => loadConfig({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY must be true or false/);
    expect(loadConfig({ PASSWORD_CHECKS_AT_ONCE: "2", EXPIRED_ROWS_SWEEP_SECONDS: "60" })).toMatchObject({
      passwordChecksAtOnce: 2,
      expiredRowsSweepSeconds: 60,
    });
    // Zero checks at once would lock every owner out; a zero interval would sweep in a busy loop.
    expect(() => loadConfig({ PASSWORD_CHECKS_AT_ONCE: "0" })).toThrow(/PASSWORD_CHECKS_AT_ONCE/);
    expect(() => loadConfig({ EXPIRED_ROWS_SWEEP_SECONDS: "0" })).toThrow(/EXPIRED_ROWS_SWEEP_SECONDS/);
  });

  it("reads the pooler settings, and divides the limits among SERVER_PROCESSES", () => {
    const pooled = { DATABASE_URL: "postgres://pooler:6432/leads", DATABASE_POOLER: "Transaction" };
    expect(loadConfig({ ...pooled, DATABASE_DIRECT_URL: "postgres://db:5432/leads" })).toMatchObject({
      databasePooler: "transaction",
      databaseDirectUrl: "postgres://db:5432/leads",
    });
    expect(loadConfig({ ...pooled, DATABASE_POOLER: "session" }).databasePooler).toBe("session");
    expect(() => loadConfig({ ...pooled, DATABASE_POOLER: "statement" })).toThrow(
      /DATABASE_POOLER must be one of/,
    );
    expect(() => loadConfig({ DATABASE_POOLER: "transaction" })).toThrow(/need DATABASE_URL/);
    const env = { RATE_LIMIT_PER_SECOND: "50", RATE_LIMIT_BURST: "100", FAILED_AUTH_PER_MINUTE: "60" };
    expect(loadConfig({ ...env, SERVER_PROCESSES: "3" })).toMatchObject({
      rateLimitPerSecond: 16,
      rateLimitBurst: 33,
      failedAuthPerMinute: 20,
    });
    expect(loadConfig({ RATE_LIMIT_PER_SECOND: "0", SERVER_PROCESSES: "4" }).rateLimitPerSecond).toBe(0);
    expect(() => loadConfig({ SERVER_PROCESSES: "0" })).toThrow(/SERVER_PROCESSES must be a positive/);
  });

  it("reads every variable", () => {
    const config = loadConfig({
      PORT: "8080",
      HOST: "127.0.0.1",
      DATABASE_URL: "postgres://db/leads",
      PGLITE_DIR: "memory",
      RATE_LIMIT_PER_SECOND: "0",
      RATE_LIMIT_BURST: "5",
      LOG_LEVEL: "WARN",
      DATABASE_POOL_SIZE: "2",
      CORS_ALLOWED_ORIGINS: "https://forms.example.com",
      TRUST_PROXY: "true",
      PUBLIC_URL: "https://leads.example.com/",
    });
    expect(config).toMatchObject({ trustProxy: true, publicUrl: "https://leads.example.com" });
    expect(config).toMatchObject({ port: 8080, host: "127.0.0.1", databaseUrl: "postgres://db/leads" });
    expect(config).toMatchObject({
      pgliteDir: "memory",
      rateLimitPerSecond: 0,
      rateLimitBurst: 5,
      logLevel: "warn",
      corsAllowedOrigins: ["https://forms.example.com"],
    });
  });

  it("resolves a relative PGLITE_DIR against the repository root, so bun start and bun run stl agree", () => {
    expect(resolvePgliteDir("data/x")).toBe(`${REPOSITORY_ROOT}/data/x`);
    expect(resolvePgliteDir("/srv/pglite")).toBe("/srv/pglite");
  });

  it("refuses nonsense instead of guessing", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow("PORT");
    expect(() => loadConfig({ RATE_LIMIT_BURST: "-1" })).toThrow("RATE_LIMIT_BURST");
    expect(() => loadConfig({ LOG_LEVEL: "chatty" })).toThrow("LOG_LEVEL");
    expect(() => loadConfig({ TRUST_PROXY: "maybe" })).toThrow("TRUST_PROXY");
    expect(() => loadConfig({ PUBLIC_URL: "leads.example.com/console" })).toThrow("PUBLIC_URL");
    expect(() => loadConfig({ SMTP_URL: "mail.example.com:587", PUBLIC_URL: "https://l.example" })).toThrow(
      "SMTP_URL",
    );
    // A mailed link never takes its host from a request: SMTP_URL needs PUBLIC_URL.
    expect(() => loadConfig({ SMTP_URL: "smtp://mail.example.com:587" })).toThrow(
      "SMTP_URL needs PUBLIC_URL",
    );
  });

  it("reads SMTP_URL beside PUBLIC_URL", () => {
    const config = loadConfig({
      SMTP_URL: " smtps://u:p@mail.example.com ",
      PUBLIC_URL: "https://l.example",
    });
    expect([config.smtpUrl, config.publicUrl]).toEqual(["smtps://u:p@mail.example.com", "https://l.example"]);
    expect(loadConfig({}).smtpUrl).toBeUndefined();
  });
});

/** The hand-off section alone, as the dispatcher receives it. */
const loadHandoffConfig = (env: Record<string, string>) => loadConfig(env).handoff;

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

describe("loadConfig: the hand-off section", () => {
  it("has working defaults: console assistant, 08:00–20:00, New York, dispatcher in the server", () => {
    expect(loadHandoffConfig({})).toEqual({
      dispatcherInServer: true,
      webhookUrl: undefined,
      webhookSecret: undefined,
      webhookTimeoutMs: 10_000,
      callingHours: { start: 480, end: 1200 },
      pollIntervalMs: 1000,
      retryBaseMs: 1000,
      retryMaxMs: 30_000,
      concurrency: 32,
      printHandoffs: true,
      consolePersonalData: "masked",
      workerMetricsPort: undefined,
    });
  });

  it("refuses calling hours that leave no time under a state's rule (they may only narrow it)", () => {
    expect(() => loadHandoffConfig({ CALLING_HOURS_START: "08:00", CALLING_HOURS_END: "09:00" })).toThrow(
      /US-CT, US-TX/,
    );
    expect(() => loadHandoffConfig({ CALLING_HOURS_START: "21:00", CALLING_HOURS_END: "23:00" })).toThrow(
      /US,/,
    );
    expect(
      loadHandoffConfig({ CALLING_HOURS_START: "11:00", CALLING_HOURS_END: "13:00" }).callingHours,
    ).toEqual({
      start: 660,
      end: 780,
    });
  });

  it("reads every setting", () => {
    const config = loadHandoffConfig({
      DISPATCHER: "off",
      ASSISTANT_WEBHOOK_URL: "https://assistant.example/hooks",
      ASSISTANT_WEBHOOK_SECRET: SECRET,
      ASSISTANT_WEBHOOK_TIMEOUT_MS: "2500",
      CALLING_HOURS_START: "09:00",
      CALLING_HOURS_END: "21:00",
      DISPATCHER_POLL_MS: "250",
      DISPATCHER_RETRY_BASE_MS: "100",
      DISPATCHER_RETRY_MAX_MS: "5000",
      DISPATCHER_CONCURRENCY: "8",
      LOG_LEVEL: "warn",
      ASSISTANT_CONSOLE_PERSONAL_DATA: "FULL",
      DISPATCH_METRICS_PORT: "9465",
    });
    expect(config).toMatchObject({
      dispatcherInServer: false,
      webhookUrl: "https://assistant.example/hooks",
      webhookTimeoutMs: 2500,
      callingHours: { start: 540, end: 1260 },
      pollIntervalMs: 250,
      concurrency: 8,
      printHandoffs: false,
      consolePersonalData: "full",
      workerMetricsPort: 9465,
    });
  });

  it("refuses settings that would fail later", () => {
    expect(() => loadHandoffConfig({ ASSISTANT_WEBHOOK_URL: "https://assistant.example" })).toThrow(/SECRET/);
    expect(() =>
      loadHandoffConfig({ ASSISTANT_WEBHOOK_URL: "ftp://x", ASSISTANT_WEBHOOK_SECRET: SECRET }),
    ).toThrow();
    expect(() => loadHandoffConfig({ CALLING_HOURS_START: "21:00" })).toThrow(/earlier/);
    // Pennsylvania's Saturday ends at 12:00: a noon start would leave its Saturdays no time.
    expect(() => loadHandoffConfig({ CALLING_HOURS_START: "12:00" })).toThrow(/US-PA/);
    expect(() => loadHandoffConfig({ DISPATCHER: "maybe" })).toThrow();
    expect(() => loadHandoffConfig({ DISPATCHER_POLL_MS: "0" })).toThrow();
    expect(() => loadHandoffConfig({ ASSISTANT_CONSOLE_PERSONAL_DATA: "some" })).toThrow(/masked/);
  });
});
