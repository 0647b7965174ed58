// Test helper for console pages in a real headless Chromium (playwright-core): launch, CSP-violation watch,
// axe-core checks and screenshots in artifacts/screenshots/ (git-ignored).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";

const REPOSITORY_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
export const SCREENSHOT_DIR = join(REPOSITORY_ROOT, "artifacts", "screenshots");
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Debian's chromium, when installed; the caller skips (and says so) otherwise. */
export const CHROMIUM_PATH = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find(
  (path) => spawnSync(path, ["--version"]).status === 0,
);

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, args: ["--no-sandbox"] });

/** A 4xx answer the test asked for (a refused form, a wrong password): Chromium logs it, it is no fault. */
const EXPECTED_REFUSAL = /^Failed to load resource: the server responded with a status of 4\d\d/;

/**
 * Console errors (CSP violations are reported there) and uncaught page errors, each prefixed with the
 * page's path at the time.
 */
export function watchForErrors(page: Page): string[] {
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
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(async () => {
    type Found = { id: string; impact: string | null; help: string; nodes: unknown[] };
    const axe = (globalThis as unknown as { axe: { run(): Promise<{ violations: Found[] }> } }).axe;
    const { violations } = await axe.run();
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }));
  });
  return results;
}

export const seriousOrCritical = (violations: AxeViolation[]) =>
  violations.filter((v) => v.impact === "serious" || v.impact === "critical");

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Writes every page's axe result beside the screenshots, for the record. */
export function writeAxeReport(report: Record<string, AxeViolation[]>, file = "axe-results.json"): void {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  writeFileSync(join(SCREENSHOT_DIR, file), `${JSON.stringify(report, null, 2)}\n`);
}
