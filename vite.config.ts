// Vite build and dev server of the web app: src/web → dist/web, with /api proxied to the server.
import path from 'node:path'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { ROUTE_MODULE_GROUPS } from './scripts/web-chunks.mjs'

const WEB = path.resolve(import.meta.dirname, 'src/web')
const web = (file: string) => path.join(WEB, file)

type ModuleInfo = {
  code: string | null
  importedIds: readonly string[]
  dynamicImporters: readonly string[]
}
type ModuleGraph = { getModuleInfo(id: string): ModuleInfo | null }

// Packages whose index re-exports everything: a module that imports one of them uses only the
// names it imports, so the closure follows those names to their own modules, not the whole index.
const BARRELS = ['radix-ui', 'lucide-react']
const IMPORT_FROM_BARREL = new RegExp(
  `import\\s*\\{([^}]*)\\}\\s*from\\s*["'](${BARRELS.join('|')})["']`,
  'g',
)
const BARREL_EXPORT =
  /(?:import\s*\*\s*as\s+(\w+)|export\s*\{([^}]*)\}|export\s*\*\s*as\s+(\w+))\s*from\s*["']([^"']+)["']/g

/** The package's index module itself (its own modules, like lucide's createLucideIcon, are not). */
function isBarrel(id: string): boolean {
  return BARRELS.some((name) => {
    const root = `${path.sep}node_modules${path.sep}${name}${path.sep}`
    return id.includes(root) && /(?:index|lucide-react)\.mjs$/.test(id)
  })
}

/** The modules of `barrel` (by id) that export each of its names. */
function barrelExports(graph: ModuleGraph, barrel: string): Map<string, string> {
  const info = graph.getModuleInfo(barrel)
  const byName = new Map<string, string>()
  for (const [, star, list, starExport, spec] of (info?.code ?? '').matchAll(BARREL_EXPORT)) {
    if (spec === undefined) continue
    const target = spec.startsWith('.')
      ? path.resolve(path.dirname(barrel), spec)
      : info?.importedIds.find((id) =>
          id.includes(`${path.sep}node_modules${path.sep}${spec}${path.sep}`),
        )
    if (target === undefined) continue
    const names = [
      star,
      starExport,
      ...(list ?? '').split(',').map((n) => n.split(/\s+as\s+/).pop()),
    ]
    for (const name of names) if (name?.trim()) byName.set(name.trim(), target)
  }
  return byName
}

/** Every module `roots` pull in through static imports (what loads with them). */
function staticClosure(graph: ModuleGraph, roots: string[]): Set<string> {
  const barrels = new Map<string, Map<string, string>>()
  const seen = new Set<string>()
  const stack = [...roots]
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue
    seen.add(id)
    const info = graph.getModuleInfo(id)
    const imported = info?.importedIds ?? []
    stack.push(...imported.filter((dep) => !isBarrel(dep)))
    for (const [, list, name] of (info?.code ?? '').matchAll(IMPORT_FROM_BARREL)) {
      const barrel = imported.find(
        (dep) => isBarrel(dep) && dep.includes(`${path.sep}${name}${path.sep}`),
      )
      if (barrel === undefined) continue
      if (!barrels.has(barrel)) barrels.set(barrel, barrelExports(graph, barrel))
      for (const spec of (list ?? '').split(',')) {
        const target = barrels.get(barrel)?.get(spec.trim().split(/\s+as\s+/)[0] ?? '')
        if (target !== undefined) stack.push(target)
      }
    }
  }
  return seen
}

/**
 * The chunks on the way to the sign-in page and the dashboard, few and large rather than one per
 * shared module: on a phone every extra request costs a round trip, and HTTP/1.1 allows six at a
 * time. `common` holds what the landing page shares with them (logo, footer, theme toggle), `app`
 * what both need (query cache, route tables, forms, zod, api client), `login`
 * the sign-in page, `signed-in` the shell and what every signed-in page shares, `dashboard` the
 * dashboard's own code; the lazy modules on the way to those pages join their group
 * (scripts/web-chunks.mjs). The entry stays as it is, the landing page's own code keeps the default
 * splitting, and so does every other page; each other lazy page keeps its own small chunk.
 */
function chunkGroups() {
  let groups: Map<string, string> | undefined
  return (id: string, graph: ModuleGraph): string | null => {
    if (groups === undefined) {
      const closure = (...files: string[]) => staticClosure(graph, files.map(web))
      const entry = closure('main.tsx')
      const landing = closure('features/landing/landing-page.tsx')
      const app = closure('app/full-app.tsx')
      const login = closure('features/auth/login-page.tsx')
      const signedIn = closure('app/signed-in-routes.tsx', 'app/layout/app-shell.tsx')
      const dashboard = closure('features/dashboard/dashboard-page.tsx')
      const dashboardOwn = web('features/dashboard') + path.sep
      const roots = new Map(
        Object.entries(ROUTE_MODULE_GROUPS).map(([file, group]) => [web(file), group]),
      )
      groups = new Map()
      for (const m of new Set([...app, ...login, ...signedIn, ...dashboard])) {
        // the lazy modules on the way to these pages join their group (one request fewer each);
        // other lazy pages and route tables stay chunks of their own (small ones, that import these)
        if (entry.has(m)) continue
        if (graph.getModuleInfo(m)?.dynamicImporters.length && !roots.has(m)) continue
        const name =
          roots.get(m) ??
          (landing.has(m)
            ? 'common'
            : app.has(m) || (login.has(m) && (signedIn.has(m) || dashboard.has(m)))
              ? 'app'
              : login.has(m)
                ? 'login'
                : signedIn.has(m) || !m.startsWith(dashboardOwn)
                  ? 'signed-in'
                  : 'dashboard')
        groups.set(m, name)
      }
    }
    return groups.get(id) ?? null
  }
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), tailwindcss()],
  resolve: {
    // the dialogs' scroll lock adds its CSS as a constructable stylesheet, not a <style>
    // element the Content-Security-Policy refuses (src/web/lib/style-singleton.ts)
    alias: [
      { find: 'react-style-singleton', replacement: web('lib/style-singleton.ts') },
      // `#src/…` is src/… (tsconfig.json's paths; esbuild, tsx and Playwright read them there)
      { find: /^#src\//, replacement: `${path.resolve(import.meta.dirname, 'src')}/` },
    ],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    manifest: true,
    // the landing and dashboard budgets are checked by hand from the gzip sizes it prints; chunk
    // sizes are checked by scripts/build.mjs (CHUNK_LIMIT_KB), which knows the one chunk allowed
    // over the limit (the password checker's dictionaries, loaded lazily): Vite's warning cannot
    // leave it out, and pointed at codeSplitting, which cannot make two word lists smaller
    chunkSizeWarningLimit: Number.POSITIVE_INFINITY,
    rolldownOptions: {
      output: {
        // debugName: a group named by a function needs a label for Rolldown's timing report,
        // which otherwise warns on every build
        codeSplitting: {
          groups: [{ name: chunkGroups(), debugName: 'route-groups', includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
})
