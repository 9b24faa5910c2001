// The colour of each credit band (the same as the dashboard's card), as text and as a chart fill.
import type { CreditBand } from '#src/domain/credit-score'

export const BAND_TEXT: Record<CreditBand, string> = {
  Excellent: 'text-primary',
  Good: 'text-primary',
  Fair: 'text-warning',
  Poor: 'text-warning',
  'Very Poor': 'text-negative',
}

export const BAND_BADGE: Record<CreditBand, 'accent' | 'warning' | 'danger'> = {
  Excellent: 'accent',
  Good: 'accent',
  Fair: 'warning',
  Poor: 'warning',
  'Very Poor': 'danger',
}

export const BAND_FILL: Record<CreditBand, string> = {
  Excellent: 'var(--primary)',
  Good: 'var(--primary)',
  Fair: 'var(--warning)',
  Poor: 'var(--warning)',
  'Very Poor': 'var(--negative)',
}
