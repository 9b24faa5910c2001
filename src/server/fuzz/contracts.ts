// The fuzz's list of endpoints: every `endpoint({...})` exported by a module of src/contract,
// read from the folder at run time (as all-routes.test.ts does with import.meta.glob), so an
// endpoint added by anyone is fuzzed without being named here.
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { EndpointDef } from '#src/contract/endpoint'

export const CONTRACT_DIR = path.resolve(import.meta.dirname, '../../contract')

export function isEndpoint(value: unknown): value is EndpointDef {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    typeof value.path === 'string' &&
    value.path.startsWith('/api/')
  )
}

export const endpointKey = (e: EndpointDef): string => `${e.method} ${e.path}`

/** Every endpoint of every contract module, once each, in a stable order. */
export async function loadEndpoints(dir = CONTRACT_DIR): Promise<EndpointDef[]> {
  const files = (await readdir(dir)).filter((f) => /\.ts$/.test(f) && !/\.test\.tsx?$/.test(f)).sort()
  const found = new Map<string, EndpointDef>()
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>
    for (const value of Object.values(mod)) {
      if (isEndpoint(value) && !found.has(endpointKey(value))) found.set(endpointKey(value), value)
    }
  }
  return [...found.values()].sort((a, b) => endpointKey(a).localeCompare(endpointKey(b)))
}
