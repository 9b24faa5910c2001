// Lint rules, including the layer boundaries of docs/architecture.md (domain → contract → server | web).
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

import { existsSync, readdirSync } from 'node:fs'

// Every folder under src/web/features is a feature that may not import another one.
const featuresDir = './src/web/features'
const featureZones = existsSync(featuresDir) ? readdirSync(featuresDir) : []
// Every folder under src/server/modules is a module whose repo.ts only it may import.
const modulesDir = './src/server/modules'
const serverModules = existsSync(modulesDir) ? readdirSync(modulesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : []
const ownRepo = "a module's repo.ts is its own: go through its service.ts or a shared piece (docs/architecture.md)."
const noEnum = { selector: 'TSEnumDeclaration', message: 'Use a union of string literals (or a zod enum), not enum.' }

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'test-results/**', 'playwright-report/**', 'src/server/db/migrations/**', 'bench/results/**', 'scratch/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // Without these import-x parses only .js files, so no-cycle never followed a .ts import.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      'no-restricted-syntax': ['error', noEnum],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/domain', from: ['./src/contract', './src/server', './src/web'], message: 'domain is pure: it imports nothing of ours.' },
            { target: './src/contract', from: ['./src/server', './src/web'], message: 'contract may import domain only.' },
            { target: './src/server', from: './src/web', message: 'server never imports web.' },
            { target: './src/web', from: './src/server', message: 'web never imports server.' },
            { target: './src/web/components', from: './src/web/features', message: 'shared UI never imports a feature.' },
            { target: './src/web/lib', from: ['./src/web/features', './src/web/app'], message: 'lib never imports features or app.' },
            { target: './src/web/components', from: './src/web/app', message: 'shared UI never imports app.' },
            { target: './src/web/features', from: './src/web/app', message: 'features never import app: app composes features, not the other way.' },
            ...featureZones.map((f) => ({
              target: `./src/web/features/${f}`,
              from: './src/web/features',
              except: [`./${f}`],
              message: 'features never import other features: move the shared piece down.',
            })),
            ...serverModules.map((m) => ({
              target: `./src/server/modules/${m}`,
              from: `./src/server/modules/!(${m})/repo.ts`,
              message: ownRepo,
            })),
            { target: ['./src/server/*.ts', './src/server/!(modules)/**'], from: './src/server/modules/*/repo.ts', message: ownRepo },
            {
              target: './src/server/core',
              from: './src/server/modules',
              message: 'core is what every module may import: it never imports a module (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'domain takes a clock: pass now in.' }],
      'no-restricted-syntax': [
        'error',
        noEnum,
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'domain takes a clock: pass now in.' },
      ],
    },
  },
  {
    // module augmentation (fastify's request, vitest's provided context) must use interface
    files: ['src/server/plugins/session.ts', 'src/server/test/global-setup.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
)
