// Playwright in Debian's Chromium (Playwright's own browser download does not work here) against
// the real stack: global-setup.ts builds the app, starts the backend serving it on free ports
// with a temporary data folder (in the arrangement E2E_ARRANGEMENT names: production by default,
// `serve`), and stops it afterwards. Two workers: the spec files run two at a time on that one
// stack, and each makes its own people and workspace, so no test resets the database and none
// depends on another's data (e2e/README.md, "How long it takes", has the measurements). The
// @smoke scenario needs `npm start`'s demo seed: it runs in the local arrangement only.
import { defineConfig } from '@playwright/test'

export const CHROMIUM_ARGS = [
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
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    // No trace by default: recording one for every test (to keep a failed test's) costs the
    // browser and the worker about a quarter of the suite's CPU (three spec files: 150 busy
    // core-seconds with the screencast, 122 with DOM snapshots only, 111 with none). To debug a
    // failure, run its spec again with `--trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
})
