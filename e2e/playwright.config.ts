// Playwright in Debian's Chromium (Playwright's own browser download does not work here) against
// the real stack: global-setup.ts builds the app, starts the backend serving it on free ports
// with a temporary data folder, and stops it afterwards. Each scenario makes its own people and
// workspace and changes nothing shared, so two run at once (the machine has two cores; the time
// goes to waiting on the pages, the stack and its timers more than to CPU). The one spec that
// changes the shared stack's settings (the email job's schedule and delay) runs alone, after.
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

/** Specs that change what every scenario shares (the stack's settings): never beside another. */
const SHARED_SETTINGS = ['**/notification-email.spec.ts']

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
  projects: [
    { name: 'scenarios', testIgnore: SHARED_SETTINGS },
    { name: 'shared settings', testMatch: SHARED_SETTINGS, dependencies: ['scenarios'], workers: 1 },
  ],
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
})
