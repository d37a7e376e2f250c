import { defineConfig } from '@playwright/test'

export default defineConfig({
  testDir: '.',
  forbidOnly: true,
})
