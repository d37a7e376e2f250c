// Playwright in Debian's Chromium (Playwright's own browser download does not work here) against
// the real stack: global-setup.ts builds the app, starts the backend serving it on free ports
// with a temporary data folder (in the arrangement E2E_ARRANGEMENT names: production by default,
// `serve`), and stops it afterwards. Two workers: the spec files run two at a time on that one
// stack, and each makes its own people and workspace, so no test resets the database and none
// depends on another's data (docs/development.md, "How long the tests take", has the
// measurements). The @smoke scenario needs `npm start`'s demo seed: it runs in the local
// arrangement only.
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
    // A failed test's trace is kept in CI (CI set: `.ci/run` sets it and prints where the traces
    // and the report are when the run fails), so that a failure can be read without a rerun.
    // Recording one means recording every test (Playwright cannot know which will fail), so it
    // holds the DOM snapshots, the actions and the network, not the screencast: about a tenth of
    // the CPU where the screencast took a third (docs/development.md), and with the screencast
    // the CI run of 2026-11-27 took 54 minutes. Elsewhere none: run a spec with
    // `--trace retain-on-failure`.
    trace: process.env.CI
      ? { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false }
      : 'off',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
})
