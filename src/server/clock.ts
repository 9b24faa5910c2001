// The server's notion of now, passed into buildApp so tests can fix the date.
export type Clock = { now(): Date }

export const systemClock: Clock = { now: () => new Date() }

export function fixedClock(iso: string): Clock & { set(iso: string): void } {
  let current = new Date(iso)
  return {
    now: () => new Date(current.getTime()),
    set: (next) => {
      current = new Date(next)
    },
  }
}
