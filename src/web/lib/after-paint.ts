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
