// Draws the home-screen icons of the installable web app (src/web/public/icons/*.png) from the
// Kinwise mark (src/web/public/favicon.svg, the same drawing as components/logo.tsx) in Debian's
// Chromium. Run it when the mark changes: `node scripts/make-icons.mjs`; the PNGs are committed.
// "any" icons are the mark as it is (rounded corners, transparent outside); "maskable" ones fill
// the square with the mark's colour and keep the glyph inside the central safe circle (40 % of
// the size from the centre), so a launcher may cut any shape out of them; the Apple touch icon
// is full-bleed too (iOS rounds it itself).
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { chromium } from 'playwright-core'

const root = path.resolve(import.meta.dirname, '..')
const out = path.join(root, 'src/web/public/icons')
const svg = await readFile(path.join(root, 'src/web/public/favicon.svg'), 'utf8')
const colour = /fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1] ?? '#3b4cca'
const glyph = /<path[^>]*\/>/.exec(svg)?.[0]
if (!glyph) throw new Error('favicon.svg has no <path>')

/**
 * The glyph on a full square of the mark's colour, scaled to `scale` of the icon around its centre.
 * @param {number} scale
 */
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${colour}"/>` +
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)">${glyph}</g></svg>`

const icons = [
  { file: 'icon-192.png', size: 192, svg },
  { file: 'icon-512.png', size: 512, svg },
  // the glyph spans 8..24 of 32 in each direction (half the size): at 0.8 its corners stay
  // within the safe circle of radius 0.4 × size
  { file: 'maskable-192.png', size: 192, svg: fullBleed(0.8) },
  { file: 'maskable-512.png', size: 512, svg: fullBleed(0.8) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(0.9) },
]

const browser = await chromium.launch({
  executablePath: process.env.KINWISE_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
})
try {
  const page = await browser.newPage()
  for (const icon of icons) {
    await page.setViewportSize({ width: icon.size, height: icon.size })
    const sized = icon.svg.replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`)
    await page.locator('svg').screenshot({ path: path.join(out, icon.file), omitBackground: true })
    process.stdout.write(`${icon.file} ${icon.size}×${icon.size}\n`)
  }
} finally {
  await browser.close()
}
