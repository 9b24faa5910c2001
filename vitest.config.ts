import { availableParallelism } from 'node:os'
import path from 'node:path'
import { defineConfig } from 'vitest/config'

const INCLUDE = ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'bench/**/*.test.ts']

/**
 * Test files that lower the priority of their process's threads (a large statement import runs
 * in the import worker and yields libuv's pool and V8's helpers, see src/server/threads.ts): each
 * runs in a process of its own, so no later file inherits threads at the background's priority.
 */
const OWN_PROCESS = ['src/server/modules/imports/**/*.test.ts', 'src/server/threads.test.ts']

export default defineConfig({
  // `#src/…` is src/… (tsconfig.json's paths; vite.config.ts has the same alias)
  resolve: { alias: [{ find: /^#src\//, replacement: `${path.resolve(import.meta.dirname, 'src')}/` }] },
  test: {
    globalSetup: ['./src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // every core (Vitest's default leaves one free: a single worker on a two-core machine). The
    // PGlite suite went from 790 s to 697 s on two cores; the PostgreSQL one gains more, its
    // server working beside the test files
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        // one process per worker, its modules loaded once for all the files it runs: each file
        // still builds its own app and database, but Fastify, the contracts and the modules are
        // imported once, not 190 times (a third less CPU on the same files, 2026-12-03)
        test: { name: 'shared', include: INCLUDE, exclude: OWN_PROCESS, isolate: false },
      },
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS, isolate: true } },
    ],
  },
})
