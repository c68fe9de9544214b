import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './support/chromium.js'

export default defineConfig({
  testDir: './specs',
  globalSetup: './support/globalSetup.ts',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // Two everywhere: CI and these machines have 2 cores, and each worker drives a Chromium against
  // its own server, devnet and database; a third starves them into timeouts, one doubles the run.
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
})
