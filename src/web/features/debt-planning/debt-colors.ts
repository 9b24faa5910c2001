// One colour per debt in the balances chart: a palette after Okabe and Ito's, told apart with the
// common kinds of colour blindness and readable on the light and the dark surface alike.
const PALETTE = [
  'oklch(0.55 0.15 250)', // blue
  'oklch(0.75 0.15 75)', // orange
  'oklch(0.6 0.12 165)', // bluish green
  'oklch(0.62 0.17 40)', // vermillion
  'oklch(0.68 0.12 345)', // reddish purple
  'oklch(0.75 0.1 230)', // sky blue
  'oklch(0.85 0.13 100)', // yellow
  'oklch(0.6 0.01 264)', // grey
] as const

export function debtColor(index: number): string {
  return PALETTE[index % PALETTE.length] ?? PALETTE[0]
}
