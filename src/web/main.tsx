// Entry of the web app: applies the stored theme before the first paint, then mounts <App> and
// registers the service worker.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { registerServiceWorker } from './lib/service-worker'
import { initTheme } from './lib/theme'
import './styles.css'

initTheme()

const container = document.getElementById('root')
if (container === null) throw new Error('The page has no #root element')

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
)

// the installable app: opens at once and offline shows its own screen
registerServiceWorker()
