import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
    globalSetup: ['./src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // every core (Vitest's default leaves one free: a single worker on a two-core machine). The
    // PGlite suite went from 790 s to 697 s on two cores; the PostgreSQL one gains more, its
    // server working beside the test files
    maxWorkers: availableParallelism(),
  },
})
