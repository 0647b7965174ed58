import { describe, expect, it } from "vitest";
import { loadHandoffConfig } from "./config.ts";

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";

describe("loadHandoffConfig", () => {
  it("has working defaults: console assistant, 08:00–20:00, New York, dispatcher in the server", () => {
    expect(loadHandoffConfig({})).toEqual({
      dispatcherInServer: true,
      webhookUrl: undefined,
      webhookSecret: undefined,
      webhookTimeoutMs: 10_000,
      callingHours: { start: 480, end: 1200 },
      defaultTimeZone: "America/New_York",
      pollIntervalMs: 1000,
      retryBaseMs: 1000,
      retryMaxMs: 30_000,
      concurrency: 32,
      printHandoffs: true,
      consolePersonalData: "masked",
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
      DEFAULT_TIME_ZONE: "America/Chicago",
      DISPATCHER_POLL_MS: "250",
      DISPATCHER_RETRY_BASE_MS: "100",
      DISPATCHER_RETRY_MAX_MS: "5000",
      DISPATCHER_CONCURRENCY: "8",
      LOG_LEVEL: "warn",
      ASSISTANT_CONSOLE_PERSONAL_DATA: "FULL",
    });
    expect(config).toMatchObject({
      dispatcherInServer: false,
      webhookUrl: "https://assistant.example/hooks",
      webhookTimeoutMs: 2500,
      callingHours: { start: 540, end: 1260 },
      defaultTimeZone: "America/Chicago",
      pollIntervalMs: 250,
      concurrency: 8,
      printHandoffs: false,
      consolePersonalData: "full",
    });
  });

  it("refuses settings that would fail later", () => {
    expect(() => loadHandoffConfig({ ASSISTANT_WEBHOOK_URL: "https://assistant.example" })).toThrow(/SECRET/);
    expect(() =>
      loadHandoffConfig({ ASSISTANT_WEBHOOK_URL: "ftp://x", ASSISTANT_WEBHOOK_SECRET: SECRET }),
    ).toThrow();
    expect(() => loadHandoffConfig({ CALLING_HOURS_START: "21:00" })).toThrow(/earlier/);
    expect(() => loadHandoffConfig({ DEFAULT_TIME_ZONE: "Mars/Olympus" })).toThrow(/IANA/);
    expect(() => loadHandoffConfig({ DISPATCHER: "maybe" })).toThrow();
    expect(() => loadHandoffConfig({ DISPATCHER_POLL_MS: "0" })).toThrow();
    expect(() => loadHandoffConfig({ ASSISTANT_CONSOLE_PERSONAL_DATA: "some" })).toThrow(/masked/);
  });
});
