// Category suggestions learned from the household's own history. A payee that nearly
// always got one category decides it (source 'payee', the confidence is that share); otherwise a
// multinomial naive Bayes over the payee's words, an amount bucket and the account (source
// 'model', the confidence is the posterior probability). The model is plain counts: it learns
// one row at a time (every correction), serialises to JSON for category_models, and is read back
// with parseModel.
import type { Cents } from '../money'
import { payeeKey, payeeTokens } from '../payee'

export type CategoryModel = {
  version: 1
  /** rows learned */
  docs: number
  /** per category: rows, features and each feature's count */
  classes: Record<string, { docs: number; features: number; counts: Record<string, number> }>
  /** per feature: how many categories' counts it is in (the vocabulary is its key count) */
  vocabulary: Record<string, number>
  /** per payee key: how many rows got each category */
  payees: Record<string, Record<string, number>>
}

export type ClassifierRow = { payee: string; amount: Cents; accountId: string }
export type LabelledRow = ClassifierRow & { categoryId: string }
export type Suggestion = { categoryId: string; confidence: number; source: 'payee' | 'model' }

/** A payee decides when at least this share of its rows got one category… */
export const PAYEE_SHARE = 0.9
/** …over at least this many rows. */
export const PAYEE_MIN_ROWS = 2

export function emptyModel(): CategoryModel {
  return { version: 1, docs: 0, classes: {}, vocabulary: {}, payees: {} }
}

/** Order of magnitude of the amount and its direction: -$45 and -$52 share 'a:-6'. */
export function amountBucket(amount: number): string {
  const dollars = Math.abs(amount) / 100
  return `a:${amount < 0 ? '-' : '+'}${Math.floor(Math.log2(dollars + 1))}`
}

/** The features of a row: its payee words, its amount bucket and its account. */
export function features(row: ClassifierRow): string[] {
  const out = payeeTokens(row.payee).map((t) => `t:${t}`)
  out.push(amountBucket(row.amount), `c:${row.accountId}`)
  return out
}

function own<T>(record: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined
}

/** Adds rows to the model (in place) and returns it: training and every correction alike. */
export function learn(model: CategoryModel, rows: readonly LabelledRow[]): CategoryModel {
  for (const row of rows) {
    let cls = own(model.classes, row.categoryId)
    if (!cls) {
      cls = { docs: 0, features: 0, counts: {} }
      model.classes[row.categoryId] = cls
    }
    cls.docs += 1
    model.docs += 1
    for (const f of features(row)) {
      const before = own(cls.counts, f) ?? 0
      if (before === 0) model.vocabulary[f] = (own(model.vocabulary, f) ?? 0) + 1
      cls.counts[f] = before + 1
      cls.features += 1
    }
    const key = payeeKey(row.payee)
    if (key !== '') {
      let payee = own(model.payees, key)
      if (!payee) {
        payee = {}
        model.payees[key] = payee
      }
      payee[row.categoryId] = (own(payee, row.categoryId) ?? 0) + 1
    }
  }
  return model
}

export function trainModel(rows: readonly LabelledRow[]): CategoryModel {
  return learn(emptyModel(), rows)
}

/** The payee's decisive category, when its history nearly always says one thing. */
export function payeeDecision(model: CategoryModel, payee: string): Suggestion | null {
  const history = own(model.payees, payeeKey(payee))
  if (!history) return null
  let total = 0
  let best = ''
  let bestCount = 0
  for (const [categoryId, count] of Object.entries(history)) {
    total += count
    if (count > bestCount) {
      best = categoryId
      bestCount = count
    }
  }
  if (total < PAYEE_MIN_ROWS || bestCount / total < PAYEE_SHARE) return null
  return { categoryId: best, confidence: bestCount / total, source: 'payee' }
}

/** Naive Bayes posterior of each category (Laplace smoothing), best first. */
export function posterior(model: CategoryModel, row: ClassifierRow): { categoryId: string; probability: number }[] {
  const entries = Object.entries(model.classes)
  if (entries.length === 0) return []
  const fs = features(row)
  const vocabulary = Object.keys(model.vocabulary).length + 1
  const logs = entries.map(([categoryId, cls]) => {
    let log = Math.log((cls.docs + 1) / (model.docs + entries.length))
    for (const f of fs) log += Math.log(((own(cls.counts, f) ?? 0) + 1) / (cls.features + vocabulary))
    return { categoryId, log }
  })
  const max = Math.max(...logs.map((l) => l.log))
  const weights = logs.map((l) => ({ categoryId: l.categoryId, weight: Math.exp(l.log - max) }))
  const sum = weights.reduce((s, w) => s + w.weight, 0)
  return weights.map((w) => ({ categoryId: w.categoryId, probability: w.weight / sum })).sort((a, b) => b.probability - a.probability)
}

/** The suggested category of a row: the payee's when it decides, else the model's best. */
export function suggestCategory(model: CategoryModel, row: ClassifierRow): Suggestion | null {
  const decided = payeeDecision(model, row.payee)
  if (decided) return decided
  const best = posterior(model, row)[0]
  return best ? { categoryId: best.categoryId, confidence: best.probability, source: 'model' } : null
}

/** Top-1 accuracy of the suggestions on labelled rows (0 for none): the bench's figure. */
export function accuracy(model: CategoryModel, rows: readonly LabelledRow[]): number {
  if (rows.length === 0) return 0
  let right = 0
  for (const row of rows) if (suggestCategory(model, row)?.categoryId === row.categoryId) right += 1
  return right / rows.length
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function counts(value: unknown): Record<string, number> | null {
  if (!isRecord(value)) return null
  const out: Record<string, number> = {}
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'number' || !Number.isFinite(v)) return null
    out[k] = v
  }
  return out
}

/** A stored model read back from JSON; null when it is not one (it is then trained afresh). */
export function parseModel(value: unknown): CategoryModel | null {
  if (!isRecord(value) || value.version !== 1 || typeof value.docs !== 'number') return null
  if (!isRecord(value.classes) || !isRecord(value.payees)) return null
  const vocabulary = counts(value.vocabulary)
  if (!vocabulary) return null
  const classes: CategoryModel['classes'] = {}
  for (const [id, cls] of Object.entries(value.classes)) {
    if (!isRecord(cls) || typeof cls.docs !== 'number' || typeof cls.features !== 'number') return null
    const c = counts(cls.counts)
    if (!c) return null
    classes[id] = { docs: cls.docs, features: cls.features, counts: c }
  }
  const payees: CategoryModel['payees'] = {}
  for (const [key, history] of Object.entries(value.payees)) {
    const c = counts(history)
    if (!c) return null
    payees[key] = c
  }
  return { version: 1, docs: value.docs, classes, vocabulary, payees }
}
