// chunkKey: where the build and the bench find a page's code in Vite's manifest.
import { describe, expect, it } from 'vitest'
import { CHUNK_LIMIT_KB, chunkKey, oversizedChunks, ROUTE_MODULE_GROUPS } from './web-chunks.mjs'

const manifest = {
  'index.html': { file: 'assets/index-a1.js', isEntry: true },
  '_app-shell-Xy_9-k2Q.js': { file: 'assets/app-shell-Xy_9-k2Q.js' },
  '_app-B9kokNC7.js': { file: 'assets/app-B9kokNC7.js' },
  '_signed-in-routes-Dg8_Zq1a.js': { file: 'assets/signed-in-routes-Dg8_Zq1a.js' },
  '_signed-in-i_yiMbZn.js': { file: 'assets/signed-in-i_yiMbZn.js' },
  'features/goals/goals-page.tsx': { file: 'assets/goals-page-d4.js', isDynamicEntry: true },
}

describe('chunkKey', () => {
  it('is a module’s own key when it has a chunk of its own', () => {
    expect(chunkKey(manifest, 'features/goals/goals-page.tsx')).toBe(
      'features/goals/goals-page.tsx',
    )
  })

  it('is its group’s chunk for a route module merged into a group', () => {
    expect(ROUTE_MODULE_GROUPS['app/full-app.tsx']).toBe('app')
    expect(chunkKey(manifest, 'app/full-app.tsx')).toBe('_app-B9kokNC7.js')
    // "app-shell" starts like "app", "signed-in-routes" like "signed-in": the hash follows the
    // group's name directly
    expect(chunkKey(manifest, 'app/layout/app-shell.tsx')).toBe('_signed-in-i_yiMbZn.js')
  })

  it('is undefined for a module the manifest does not hold', () => {
    expect(chunkKey(manifest, 'features/nowhere/page.tsx')).toBeUndefined()
    expect(chunkKey({}, 'app/full-app.tsx')).toBeUndefined()
  })
})

describe('oversizedChunks', () => {
  const big = 1_700_000
  const manifest = {
    'index.html': { file: 'assets/index-a1.js', isEntry: true },
    '../domain/password-strength.ts': { file: 'assets/password-strength-x.js', isDynamicEntry: true },
    'features/goals/goals-page.tsx': { file: 'assets/goals-page-d4.js', isDynamicEntry: true },
    'index.css': { file: 'assets/index.css' },
  }
  const sizes: Record<string, number> = {
    'assets/index-a1.js': 257_000,
    'assets/password-strength-x.js': big,
    'assets/goals-page-d4.js': 12_000,
    'assets/index.css': big,
  }
  const bytesOf = (file: string) => sizes[file] ?? 0

  it('lets the password checker’s lazily loaded dictionaries through', () => {
    expect(oversizedChunks(manifest, bytesOf)).toEqual([])
  })

  it('names any other chunk over the limit', () => {
    const heavy: Record<string, number> = { ...sizes, 'assets/goals-page-d4.js': (CHUNK_LIMIT_KB + 1) * 1000 }
    expect(oversizedChunks(manifest, (f) => heavy[f] ?? 0)).toEqual([{ file: 'assets/goals-page-d4.js', kb: CHUNK_LIMIT_KB + 1 }])
  })

  it('does not let the dictionaries through when they load with a page', () => {
    const eager = { ...manifest, '../domain/password-strength.ts': { file: 'assets/password-strength-x.js' } }
    expect(oversizedChunks(eager, bytesOf).map((c) => c.file)).toEqual(['assets/password-strength-x.js'])
  })
})
