// Starts the import's worker script (import-worker): the built one beside
// the server's bundle in dist, else the TypeScript source through tsx (dev, tests).
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker, type ResourceLimits } from 'node:worker_threads'

export function startScript(name: 'import-worker', workerData: unknown, resourceLimits: ResourceLimits): Worker {
  const options = { workerData, resourceLimits }
  const built = new URL(`./${name}.js`, import.meta.url)
  if (existsSync(fileURLToPath(built))) return new Worker(built, options)
  const source = new URL(`./${name}.ts`, import.meta.url).href
  return new Worker(`import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(source)}) })`, { ...options, eval: true })
}
