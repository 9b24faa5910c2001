// How each repeat schedule reads on screen.
import type { Recurrence } from '#src/domain/recurrence'

export const RECURRENCE_LABELS: Record<Recurrence, string> = {
  weekly: 'Every week',
  biweekly: 'Every two weeks',
  monthly: 'Every month',
  quarterly: 'Every three months',
  yearly: 'Every year',
  once: 'Once',
}
