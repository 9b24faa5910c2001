// A menu or dialog whose code downloads on first use: its trigger renders at once, the part
// behind it (Radix and its positioning) starts downloading when a pointer comes near or focus
// arrives, and renders, opened, on the first click. After that the real one stays.
import { useState } from 'react'

export type FirstOpenTrigger = {
  onPointerEnter: () => void
  onFocus: () => void
  onClick: () => void
}

export function useFirstOpen(load: () => Promise<unknown>): {
  opened: boolean
  triggerProps: FirstOpenTrigger
} {
  const [opened, setOpened] = useState(false)
  const start = () => {
    // a failed download surfaces where the part renders (its Suspense boundary)
    load().catch(() => undefined)
  }
  return {
    opened,
    triggerProps: {
      onPointerEnter: start,
      onFocus: start,
      onClick: () => {
        start()
        setOpened(true)
      },
    },
  }
}
