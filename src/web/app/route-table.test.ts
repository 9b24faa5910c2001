// The route table is the one list of signed-in pages: its paths are unique and well formed, each
// has a title, and the menus it places pages in are complete and ordered.
import { describe, expect, it } from 'vitest'
import { FEATURES } from '#src/domain/tiers'
import { ROLES } from '#src/domain/access'
import { normalizePath, pageTitle } from './page-titles'
import { APP_ROUTES, OTHER_TITLES, phoneRoutes, sidebarRoutes } from './route-table'

const paths = APP_ROUTES.map((route) => route.path)

describe('APP_ROUTES', () => {
  it('names each path once, already in the form pageTitle looks up', () => {
    expect(new Set(paths).size).toBe(paths.length)
    for (const path of paths) {
      expect(path).toMatch(/^\/[a-z0-9/-]*$/)
      expect(normalizePath(path)).toBe(path)
    }
    for (const path of Object.keys(OTHER_TITLES)) expect(paths).not.toContain(path)
  })

  it('gives every path a title, which the header shows', () => {
    for (const route of APP_ROUTES) {
      expect(route.title.trim()).not.toBe('')
      expect(pageTitle(route.path)).toBe(route.title)
      expect(pageTitle(`${route.path}/`)).toBe(route.title)
    }
    expect(pageTitle('/onboarding')).toBe('Welcome')
    expect(pageTitle('/no-such-page')).toBe('Page Not Found')
  })

  it('names only known plan features and roles', () => {
    for (const route of APP_ROUTES) {
      if (route.feature !== undefined) expect(Object.keys(FEATURES)).toContain(route.feature)
      if (route.minRole !== undefined) expect(ROLES).toContain(route.minRole)
    }
  })

  it('keeps the sidebar’s sections and the phone bar’s positions without gaps or twins', () => {
    const inSidebar = [...sidebarRoutes('main'), ...sidebarRoutes('secondary')]
    expect(inSidebar.length).toBe(APP_ROUTES.filter((route) => route.sidebar).length)
    const orders = phoneRoutes().map((route) => route.phone.order)
    expect(orders).toEqual(orders.map((_, i) => i + 1))
    for (const route of phoneRoutes()) expect(route.phone.label.trim()).not.toBe('')
    // the badge shows in the sidebar only
    for (const route of APP_ROUTES) if (route.unreadBadge) expect(route.sidebar).toBeDefined()
  })

  it('puts the dashboard first in both menus', () => {
    expect(sidebarRoutes('main')[0]?.path).toBe('/')
    expect(phoneRoutes()[0]?.path).toBe('/')
  })
})
