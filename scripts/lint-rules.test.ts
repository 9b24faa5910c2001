// The layer rules of eslint.config.js fire on a small fixture project: an import cycle between
// .ts files (import-x once parsed only .js files, so no-cycle never fired), one through a lazy
// import() in .tsx, a feature importing the app, a server module importing another module's
// repo.ts, and the server core importing a module, also through the #src alias. Clean files stay
// clean, so a rule that stops resolving imports fails here instead of passing quietly.
import { ESLint } from 'eslint'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
let fixture = ''

const files: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      module: 'esnext',
      moduleResolution: 'bundler',
      jsx: 'react-jsx',
      strict: true,
      paths: { '#src/*': ['./src/*'] },
    },
    include: ['src'],
  }),
  'src/web/lib/a.ts': "import { b } from './b'\nexport const a = (): number => b() + 1\n",
  'src/web/lib/b.ts': "import { a } from './a'\nexport const b = (): number => (a.length > 0 ? 1 : 0)\n",
  'src/web/app/loaders.ts': "export const loadShell = () => import('./shell')\n",
  'src/web/app/shell.tsx': "import { loadShell } from './loaders'\nexport const Shell = () => <p>{typeof loadShell}</p>\n",
  'src/web/app/routes.ts': 'export const routes: string[] = []\n',
  'src/web/lib/clean.ts': "import { routesCount } from './count'\nexport const clean = routesCount\n",
  'src/web/lib/count.ts': 'export const routesCount = 1\n',
  'src/web/features/budgets/page.ts': "import { routes } from '../../app/routes'\nexport const page = routes\n",
  'src/web/features/budgets/fine.ts': "import { routesCount } from '../../lib/count'\nexport const fine = routesCount\n",
  'src/server/modules/bills/repo.ts': 'export const findBill = (): number => 1\n',
  'src/server/modules/bills/service.ts': "import { findBill } from './repo'\nexport const getBill = (): number => findBill()\n",
  'src/server/modules/goals/service.ts': "import { findBill } from '../bills/repo'\nexport const goal = findBill\n",
  'src/server/modules/goals/fine.ts': "import { getBill } from '../bills/service'\nexport const fine = getBill\n",
  'src/server/jobs/job.ts': "import { findBill } from '../modules/bills/repo'\nexport const job = findBill\n",
  'src/server/core/scope.ts': 'export const scope = (): number => 1\n',
  'src/server/core/ledger.ts': "import { getBill } from '../modules/bills/service'\nexport const ledger = getBill\n",
  // the same through the #src alias: the rules see the file it names, not the spelling
  'src/web/features/goals/page.ts': "import { routes } from '#src/web/app/routes'\nexport const page = routes\n",
  'src/server/modules/goals/alias.ts': "import { findBill } from '#src/server/modules/bills/repo'\nexport const goal = findBill\n",
  'src/server/modules/goals/core.ts': "import { scope } from '#src/server/core/scope'\nexport const usesCore = scope\n",
  'src/server/modules/bills/uses-core.ts': "import { scope } from '../../core/scope'\nexport const usesCore = scope\n",
}

type Found = Record<string, string[]>

async function lint(): Promise<Found> {
  // the config's zones and feature list are paths relative to the working directory, as when
  // `npx eslint .` runs at the root
  const cwd = process.cwd()
  process.chdir(fixture)
  let results: ESLint.LintResult[]
  try {
    const eslint = new ESLint({ cwd: fixture, overrideConfigFile: path.join(root, 'eslint.config.js') })
    results = await eslint.lintFiles(['src/**/*.ts', 'src/**/*.tsx'])
  } finally {
    process.chdir(cwd)
  }
  const found: Found = {}
  for (const result of results) {
    const file = path.relative(fixture, result.filePath)
    found[file] = result.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`)
  }
  return found
}

describe('eslint.config.js layer rules', () => {
  let found: Found = {}
  beforeAll(async () => {
    fixture = mkdtempSync(path.join(tmpdir(), 'kinwise-lint-'))
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(fixture, file)), { recursive: true })
      writeFileSync(path.join(fixture, file), text)
    }
    found = await lint()
  }, 60_000)
  afterAll(() => rmSync(fixture, { recursive: true, force: true }))

  it('finds an import cycle between .ts files', () => {
    expect(found['src/web/lib/a.ts']).toContain('import-x/no-cycle')
    expect(found['src/web/lib/b.ts']).toContain('import-x/no-cycle')
  })

  it('finds a cycle through a lazy import() in .tsx', () => {
    expect(found['src/web/app/loaders.ts']).toContain('import-x/no-cycle')
    expect(found['src/web/app/shell.tsx']).toContain('import-x/no-cycle')
  })

  it('stops a feature importing the app', () => {
    expect(found['src/web/features/budgets/page.ts']).toEqual(['import-x/no-restricted-paths'])
  })

  it("stops a module or a job importing another module's repo.ts", () => {
    expect(found['src/server/modules/goals/service.ts']).toEqual(['import-x/no-restricted-paths'])
    expect(found['src/server/jobs/job.ts']).toEqual(['import-x/no-restricted-paths'])
  })

  it("lets a module import its own repo.ts and another module's service", () => {
    expect(found['src/server/modules/bills/service.ts']).toEqual([])
    expect(found['src/server/modules/goals/fine.ts']).toEqual([])
  })

  it('follows the #src alias: the same rules fire, and a fine import stays fine', () => {
    expect(found['src/web/features/goals/page.ts']).toEqual(['import-x/no-restricted-paths'])
    expect(found['src/server/modules/goals/alias.ts']).toEqual(['import-x/no-restricted-paths'])
    expect(found['src/server/modules/goals/core.ts']).toEqual([])
  })

  it('stops the server core importing a module, and lets every module import the core', () => {
    expect(found['src/server/core/ledger.ts']).toEqual(['import-x/no-restricted-paths'])
    expect(found['src/server/modules/bills/uses-core.ts']).toEqual([])
  })

  it('leaves one-way imports alone', () => {
    expect(found['src/web/lib/clean.ts']).toEqual([])
    expect(found['src/web/lib/count.ts']).toEqual([])
    expect(found['src/web/features/budgets/fine.ts']).toEqual([])
    expect(found['src/web/app/routes.ts']).toEqual([])
  })
})
