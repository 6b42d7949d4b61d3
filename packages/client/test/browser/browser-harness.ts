import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildClient } from '../../../../scripts/client-build';

/** Debian's chromium (the CI installs it with apt-get); CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/**
 * Whether the browser tests can run here. In CI a missing browser is an error (the tests must not
 * silently skip there); on a developer machine without chromium they are skipped with a notice.
 */
export function browserAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  if (process.env['CI']) throw new Error(`chromium not found at ${CHROMIUM_PATH}: .ci/run installs it`);
  console.warn(`[browser tests] skipped: no chromium at ${CHROMIUM_PATH} (apt-get install chromium)`);
  return false;
}

/** The flags this machine's closed network needs (see the developers' guide). */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: FLAGS });
}

/** Builds the client once into a temporary directory; returns it and its cleanup. */
export async function buildClientForTests(): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'tilerealm-client-'));
  await buildClient(dir);
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

const ARTIFACTS = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  '..',
  'artifacts',
  'browser',
);

/** Saves a full-page screenshot as a test artefact (artifacts/browser/<name>.png); returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Collects the page's console errors and uncaught exceptions, so a test can assert there were none. */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  return errors;
}

/**
 * Collects the page's Content-Security-Policy violations (the `securitypolicyviolation` events of
 * every document the page loads), so a test can assert the server's policy lets the client work.
 */
export async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  // A script (not a function): this file is type-checked without the DOM library.
  await page.addInitScript(`
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__reportCspViolation(
        e.effectiveDirective + ' blocked ' + (e.blockedURI || '(inline)') + ' at ' + e.sourceFile + ':' + e.lineNumber,
      );
    });
  `);
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(`console: ${msg.text()}`);
  });
  return violations;
}

/** How long one teardown step may take before it is given up on (and named in the failure). */
const STEP_LIMIT_MS = 40_000;

/**
 * Runs a suite's teardown steps in order, each timed and bounded: a slow step (over 5 s) is
 * printed with its time, and a step that does not finish within STEP_LIMIT_MS is left behind so
 * that the others (the server, the database) are still closed; the teardown then fails naming it.
 */
export async function tearDown(steps: ReadonlyArray<readonly [string, () => unknown]>): Promise<void> {
  const stuck: string[] = [];
  for (const [name, run] of steps) {
    const start = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<'late'>(
      (resolve) => (timer = setTimeout(() => resolve('late'), STEP_LIMIT_MS)),
    );
    const outcome = await Promise.race([Promise.resolve().then(run), limit]);
    clearTimeout(timer);
    const ms = Math.round(performance.now() - start);
    if (outcome === 'late') stuck.push(name);
    else if (ms > 5_000) console.warn(`[browser tests] teardown step "${name}" took ${ms} ms`);
  }
  if (stuck.length > 0)
    throw new Error(`teardown steps still running after ${STEP_LIMIT_MS} ms: ${stuck.join(', ')}`);
}
