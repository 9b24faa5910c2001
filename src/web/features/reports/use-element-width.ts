// The width of an element, kept up to date (ResizeObserver): for a chart drawn at a fixed size
// that should still fill its card.
import { useCallback, useRef, useState } from 'react'

export function useElementWidth(): [(element: HTMLElement | null) => void, number] {
  const [width, setWidth] = useState(0)
  const observer = useRef<ResizeObserver | null>(null)
  const ref = useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect()
    observer.current = null
    if (element === null) return
    setWidth(element.clientWidth)
    observer.current = new ResizeObserver(([entry]) => {
      if (entry !== undefined) setWidth(Math.floor(entry.contentRect.width))
    })
    observer.current.observe(element)
  }, [])
  return [ref, width]
}
