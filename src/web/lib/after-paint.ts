// Lets a page paint before it asks for its data: the first frame (headings, cards in their
// loading state) does not wait for the answers to arrive and be parsed and rendered. Resolves
// in the frame after the next one (so the next one has been presented), or after 100 ms when the
// tab draws no frames (hidden); at once after the first time.
let painted = false

export function afterFirstPaint(): Promise<void> {
  if (painted) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      painted = true
      resolve()
    }
    const fallback = setTimeout(done, 100)
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        clearTimeout(fallback)
        done()
      }),
    )
  })
}

/** The same query, its call asked only after the first paint (what the dashboard's cards use). */
export function afterFirstPaintQuery<TOptions extends { queryFn?: unknown }>(
  options: TOptions,
): TOptions {
  const queryFn = options.queryFn
  if (typeof queryFn !== 'function') return options
  return {
    ...options,
    queryFn: async (...args: unknown[]): Promise<unknown> => {
      await afterFirstPaint()
      return (queryFn as (...rest: unknown[]) => unknown)(...args)
    },
  }
}
