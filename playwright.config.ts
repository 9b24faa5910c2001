// End-to-end specs in Debian's Chromium (never a downloaded browser) against the real server and
// a fresh database started by scripts/e2e-server.mjs. Build the web app first: npm run build:web.
import { existsSync } from 'node:fs'
import { defineConfig } from '@playwright/test'

// Debian's headless shell (package chromium-headless-shell) when it is there: the same engine
// without the browser's UI, about a sixth less CPU over the suite; else Debian's Chromium
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const CHROMIUM =
  process.env.KINWISE_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium')
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const BASE_URL = `http://127.0.0.1:${process.env.KINWISE_E2E_PORT ?? 3100}`

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 90_000,
  // generous: the e2e server may run through tsx on a busy two-core machine
  expect: { timeout: 20_000 },
  forbidOnly: Boolean(process.env.CI),
  // scripts/test.mjs reads the JSON report named by PLAYWRIGHT_JSON_OUTPUT_NAME
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_FLAGS },
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
    reducedMotion: 'reduce',
    timezoneId: 'UTC',
    // the app's service worker would stand between page.route() mocks and the page:
    // only the spec about it (installable.spec.ts) lets it register
    serviceWorkers: 'block',
    // no trace unless asked for (`npx playwright test --trace retain-on-failure`): recording one
    // for every test took a third of the suite's time on two cores; a failure still leaves its
    // screenshot and the page's accessibility snapshot (error-context.md)
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${BASE_URL}/api/config`,
    reuseExistingServer: false,
    timeout: 480_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
})
