// Console pages in a real headless Chromium (playwright-core) for the browser tests: launch, CSP-violation watch,
// axe-core checks and screenshots in artifacts/screenshots/ (git-ignored), setting a password through a sign-in link.
// axe runs on every page state in both languages; a screenshot (a full-page PNG, about 0.3 s of CPU) is taken of
// each page state at each width in English, in Spanish too where a test says the layout differs, and on every
// failed check.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { type Browser, type BrowserContextOptions, chromium, type Page } from "playwright-core";
import { REPOSITORY_ROOT } from "./stl-cli.ts";

const SCREENSHOT_DIR = join(REPOSITORY_ROOT, "artifacts", "screenshots");
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Debian's chromium, when installed; the caller skips (and says so) otherwise. */
export const CHROMIUM_PATH = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
  (path) => spawnSync(path, ["--version"]).status === 0,
);

/** A 4xx answer the test asked for (a refused form, a wrong password): Chromium logs it, it is no fault. */
const EXPECTED_REFUSAL = /^Failed to load resource: the server responded with a status of 4\d\d/;

/**
 * Console errors (CSP violations are reported there) and uncaught page errors, each prefixed with the
 * page's path at the time.
 */
function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  const where = () => new URL(page.url()).pathname;
  page.on("console", (message) => {
    if (message.type() === "error" && !EXPECTED_REFUSAL.test(message.text()))
      errors.push(`${where()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`${where()}: ${String(error)}`));
  return errors;
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: number;
}

/**
 * axe-core on the page as it is now. Evaluated through the DevTools protocol, which the page's CSP does
 * not govern, so the page keeps its real CSP.
 */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async () => {
    type Found = { id: string; impact: string | null; help: string; nodes: unknown[] };
    type Options = { resultTypes: string[] };
    const axe = (
      globalThis as unknown as {
        axe: { run(context: Document, options: Options): Promise<{ violations: Found[] }> };
      }
    ).axe;
    // Only violations are recorded: axe then keeps one node of each other result type (15 % less CPU a page).
    const { violations } = await axe.run(document, { resultTypes: ["violations"] });
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }));
  });
  return results;
}

const seriousOrCritical = (violations: AxeViolation[]) =>
  violations.filter((v) => v.impact === "serious" || v.impact === "critical");

/** Fills the set-password form a sign-in link opens (both fields) and submits it. */
export async function submitNewPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel("New password").fill(password);
  await page.getByLabel("Repeat the password").fill(password);
  await page.getByRole("button", { name: "Set password and sign in" }).click();
}

/** Signs out (the header's button), then signs in again with the email and password on the sign-in page. */
export async function signOutAndIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/console\/sign-in\?signed-out=1$/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** The language every page state is screenshotted in; the other only where its layout differs, or a check failed. */
const SCREENSHOT_LANGUAGE = "en";

export interface CheckOptions {
  /** The page's layout differs in Spanish (longer words wrap, a table widens): screenshot both languages. */
  bothLanguages?: boolean;
}

/** One Chromium on the console for a browser test: its page, the errors seen, and every page's checks on record. */
export interface ConsoleBrowser {
  browser: Browser;
  page: Page;
  /** Console errors (CSP violations among them) and uncaught page errors so far, each with the page's path. */
  errors: string[];
  /** The message of every dialog the page opened, each dismissed: a payload that ran would open one. */
  dialogs: string[];
  /**
   * The page as shown now (`on`, else the first page): axe-core's result recorded under `name`, and a screenshot
   * named `name` when the page is in English (or `bothLanguages`) or a violation was found; resolves with the
   * serious or critical violations (the browser tests expect none).
   */
  check(name: string, on?: Page, options?: CheckOptions): Promise<AxeViolation[]>;
  /**
   * The console page at `path` of the server at `base` on a 390-px phone and a desktop, in Spanish and English (through
   * the language switch): axe each, a screenshot at each width in English (`phone-en-<name>`, `desktop-en-<name>`;
   * Spanish too with `bothLanguages`, and wherever a check failed). Resolves with what failed (sideways scrolling,
   * serious or critical violations), empty when all is well; ends in English on a desktop.
   */
  checkEverywhere(
    base: string,
    path: string,
    name: string,
    on?: Page,
    options?: CheckOptions,
  ): Promise<string[]>;
  /** Writes every page's axe result beside the screenshots (`reportFile`), for the record, and closes Chromium. */
  close(): Promise<void>;
}

/**
 * Chromium with one page in an en-US context (plus `context`, e.g. a time zone), watched for errors from the start.
 *
 * @example const chromium = await openConsoleBrowser("axe-results-dnc.json"); await chromium.page.goto(link);
 */
export async function openConsoleBrowser(
  reportFile: string,
  context: BrowserContextOptions = {},
): Promise<ConsoleBrowser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox"] });
  const page = await (await browser.newContext({ locale: "en-US", ...context })).newPage();
  const report: Record<string, AxeViolation[]> = {};
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  /** axe on the page; a screenshot where a person must look (`wanted`) or where a check failed (`failed`). */
  const checkPage = async (name: string, on: Page, wanted: boolean, failed = false) => {
    const violations = await axeViolations(on);
    report[name] = violations;
    const serious = seriousOrCritical(violations);
    if (wanted || failed || serious.length > 0) await screenshot(on, name);
    return serious;
  };
  const inScreenshotLanguage = async (on: Page, options: CheckOptions) =>
    options.bothLanguages === true ||
    (await on.evaluate(() => document.documentElement.lang)).startsWith(SCREENSHOT_LANGUAGE);
  return {
    browser,
    page,
    errors: watchForErrors(page),
    dialogs,
    check: async (name, on = page, options = {}) =>
      await checkPage(name, on, await inScreenshotLanguage(on, options)),
    async checkEverywhere(base, path, name, on = page, options = {}) {
      const failed: string[] = [];
      for (const [width, prefix] of [
        [390, "phone"],
        [1280, "desktop"],
      ] as const) {
        await on.setViewportSize({ width, height: 844 });
        for (const lang of ["es", "en"] as const) {
          await on.goto(`${base}/console/language?to=${lang}&back=${encodeURIComponent(path)}`);
          const wide = await on.evaluate(() => document.documentElement.scrollWidth);
          if (wide > width) failed.push(`${prefix}-${lang}-${name}: ${wide} px wide`);
          const wanted = lang === SCREENSHOT_LANGUAGE || options.bothLanguages === true;
          for (const violation of await checkPage(`${prefix}-${lang}-${name}`, on, wanted, wide > width))
            failed.push(`${prefix}-${lang}-${name}: ${violation.id} (${violation.impact})`);
        }
      }
      await on.setViewportSize({ width: 1280, height: 800 });
      return failed;
    },
    async close() {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      writeFileSync(join(SCREENSHOT_DIR, reportFile), `${JSON.stringify(report, null, 2)}\n`);
      await browser.close();
    },
  };
}
