// A menu or dialog whose code downloads on first use: its trigger renders at once, the part
// behind it (Radix and its positioning) starts downloading when a pointer comes near or focus
// arrives, and renders, opened, on the first click. After that the real one stays.
import { Suspense, useState, type ReactNode } from 'react'

export type FirstOpenTriggerProps = {
  'aria-haspopup': 'menu' | 'dialog'
  'aria-expanded': false
  onPointerEnter: () => void
  onFocus: () => void
  onClick: () => void
}

export function FirstOpen({
  load,
  popup,
  trigger,
  children,
}: {
  load: () => Promise<unknown>
  /** what the trigger opens, for assistive technology */
  popup: 'menu' | 'dialog'
  /** the look-alike trigger, with these props spread on it */
  trigger: (props: FirstOpenTriggerProps) => ReactNode
  /** the loaded part, which opens itself when it mounts */
  children: ReactNode
}) {
  const [opened, setOpened] = useState(false)
  const start = () => {
    // a failed download surfaces where the part renders (its Suspense boundary)
    load().catch(() => undefined)
  }
  const button = trigger({
    'aria-haspopup': popup,
    'aria-expanded': false,
    onPointerEnter: start,
    onFocus: start,
    onClick: () => {
      start()
      setOpened(true)
    },
  })
  if (!opened) return button
  return <Suspense fallback={button}>{children}</Suspense>
}
