// The service worker's routing: the API is never cached, not even a page load of
// /api/logout; pages fall back to the shell; built files come from the cache.
import { describe, expect, it } from 'vitest'
import { mayStore, routeRequest } from './routes'

const ORIGIN = 'https://kinwise.example'
const shell = new Set(['/index.html', '/offline.html', '/manifest.webmanifest'])
const req = (path: string, mode = 'cors', method = 'GET') => ({ method, url: `${ORIGIN}${path}`, mode })

describe('routeRequest', () => {
  it('never touches the API, whatever the request', () => {
    for (const path of ['/api/auth/user', '/api/transactions?limit=50', '/api', '/api/logout', '/api/docs']) {
      expect(routeRequest(req(path), ORIGIN, shell), path).toBe('pass')
      expect(routeRequest(req(path, 'navigate'), ORIGIN, shell), path).toBe('pass')
    }
    expect(mayStore('/api/auth/user', shell)).toBe(false)
  })

  it('sends page loads to the shell route and built files to the cache', () => {
    expect(routeRequest(req('/dashboard', 'navigate'), ORIGIN, shell)).toBe('navigate')
    expect(routeRequest(req('/transactions?new=1', 'navigate'), ORIGIN, shell)).toBe('navigate')
    expect(routeRequest(req('/assets/app-Ab12.js'), ORIGIN, shell)).toBe('static')
    expect(routeRequest(req('/manifest.webmanifest'), ORIGIN, shell)).toBe('static')
  })

  it('lets everything else through untouched', () => {
    expect(routeRequest(req('/assets/app.js', 'cors', 'POST'), ORIGIN, shell)).toBe('pass')
    expect(routeRequest({ method: 'GET', url: 'https://cdn.example/x.js', mode: 'cors' }, ORIGIN, shell)).toBe('pass')
    expect(routeRequest(req('/some-upload.png'), ORIGIN, shell)).toBe('pass')
    expect(mayStore('/some-upload.png', shell)).toBe(false)
  })
})
