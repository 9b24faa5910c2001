// Every dependency in package.json is used: imported by some source file (code or CSS), run as a
// command by an npm script, or a package of types. One nothing uses is removed, not kept "just in
// case" (it would still be installed, audited and upgraded by every self-hoster).
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>
  dependencies: Record<string, string>
  devDependencies: Record<string, string>
}

const SOURCE = /\.(ts|tsx|mjs|js|css)$/
const DIRS = ['src', 'scripts', 'bench', 'e2e']

function sources(): string[] {
  const files = readdirSync(root).filter((f) => SOURCE.test(f))
  for (const dir of DIRS) {
    for (const file of readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })) {
      if (SOURCE.test(file) && !file.split(path.sep).includes('node_modules')) files.push(path.join(dir, file))
    }
  }
  return files
}

const text = sources()
  .map((file) => readFileSync(path.join(root, file), 'utf8'))
  .join('\n')

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

function imported(name: string): boolean {
  return new RegExp(`(?:from|import|require\\(|@import)\\s*\\(?\\s*['"]${escape(name)}(?:/[^'"]*)?['"]`).test(text)
}

function runAsCommand(name: string): boolean {
  const manifest = path.join(root, 'node_modules', name, 'package.json')
  if (!existsSync(manifest)) return false
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin?: string | Record<string, string> }
  const commands = typeof bin === 'string' ? [name.split('/').pop() ?? name] : Object.keys(bin ?? {})
  const scripts = Object.values(pkg.scripts).join('\n')
  return commands.some((command) => new RegExp(`(^|[\\s;&|])${escape(command)}(\\s|$)`, 'm').test(scripts))
}

describe('dependencies', () => {
  const all = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)]

  it('finds what it looks for', () => {
    expect(imported('fastify')).toBe(true)
    expect(imported('no-such-package-anywhere')).toBe(false)
  })

  it('are each used by the project', () => {
    const unused = all.filter((name) => !name.startsWith('@types/') && !imported(name) && !runAsCommand(name))
    expect(unused).toEqual([])
  })
})
