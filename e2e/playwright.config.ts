// Playwright in Debian's Chromium (Playwright's own browser download does not work here) against
// the real stack: global-setup.ts builds the app, starts the backend serving it on free ports
// with a temporary data folder (in the arrangement E2E_ARRANGEMENT names: production by default,
// `serve`), and stops it afterwards. Two workers: the spec files run two at a time on that one
// stack, and each makes its own people and workspace, so no test resets the database and none
// depends on another's data (docs/development.md, "How long the tests take", has the
// measurements). The @smoke scenario needs `npm start`'s demo seed: it runs in the local
// arrangement only.
import { defineConfig } from '@playwright/test'

/** The features Playwright turns off (its chromiumSwitches.ts). A second --disable-features
 * replaces the first rather than adding to it, so ours repeats them: chromium-switches.spec.ts
 * fails when Playwright's list changes. */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
]

/** Chromium 156 headless gives each window an address bar whose suggestions are web pages of
 * its own (chrome://omnibox-popup.top-chrome), rendered in a process of their own for every
 * browser context a test opens: about 1.3 CPU-seconds a context, half of Chromium's whole cost
 * for a short page (measured 2026-11-28: six contexts took 12.9 CPU-seconds with them, 5.0
 * without). The tests never use the address bar. */
const OMNIBOX_WEBUI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup']

/** Debian's Chromium, the browser a person runs: for the specs that need what only the whole
 * browser has, its notifications (NOTIFYING_BROWSER in support/notifications.ts, push.spec.ts)
 * and installing (installable.spec.ts). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** Its headless shell (Debian's chromium-headless-shell, what Playwright itself runs headless):
 * the same engine and renderer without the browser's windows and their processes. Measured
 * 2026-11-29 on eight spec files, two workers, ABBA: 195-205 s and 338-364 CPU-seconds against
 * 225-239 s and 402-430 with the whole browser (docs/development.md). */
export const HEADLESS_SHELL =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell'

export const CHROMIUM_ARGS = [
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_WEBUI].join(',')}`,
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  forbidOnly: true,
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  globalSetup: './support/global-setup.ts',
  ...(process.env.E2E_ARRANGEMENT === 'local' ? {} : { grepInvert: /@smoke/ }),
  use: {
    launchOptions: {
      executablePath: HEADLESS_SHELL,
      args: CHROMIUM_ARGS,
    },
    // A failed test's trace is kept in CI (CI set: `.ci/run` sets it and prints where the traces
    // and the report are when the run fails), so that a failure can be read without a rerun.
    // Recording one means recording every test (Playwright cannot know which will fail), so it
    // holds the actions, their timing and errors and the console, with a screenshot of the
    // failure beside it, but neither the screencast nor DOM snapshots: the snapshots took a sixth
    // of the renderer's time (the suite ran 32.2 minutes with them, 28.8 without, on
    // 2026-11-27/28; docs/development.md), and without them Playwright records no network either.
    // Elsewhere none: run a spec with `--trace retain-on-failure` (snapshots and network
    // included) to see more.
    trace: process.env.CI
      ? { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: false }
      : 'off',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // The service worker only where a spec is about it (offline, installable, push,
    // device-forgets, first-screen: `test.use({ serviceWorkers: 'allow' })`). Installed, it
    // fetches and keeps the build's ~200 files in every new browser context, and each of the
    // page's requests passes through it: measured 2026-11-28 on seven spec files, 15-17% of the
    // whole run's CPU (docs/development.md, "How long the tests take").
    serviceWorkers: 'block',
  },
})
