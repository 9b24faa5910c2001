// The fuzz's vocabulary: references to rows that exist only when the request runs (an id of
// one's own account, of another household's goal, a random UUID), and the hostile values every
// field gets now and then — control characters, huge strings, far dates, numbers no household
// has, wrong types.
import fc from 'fast-check'

/** Whose row a reference points at, relative to the member making the request. */
export type Who = 'own' | 'other' | 'wrongKind' | 'random'
export type Pool = 'id' | 'email' | 'token' | 'password' | 'cursor'

/**
 * A value resolved only when the request is made, from what the database holds then: `pick`
 * (0..1) chooses in the pool, `fallback` is used when the pool is empty (and is the random UUID).
 */
export class Ref {
  constructor(
    readonly pool: Pool,
    readonly table: string | null,
    readonly who: Who,
    readonly pick: number,
    readonly fallback: string,
    /** 'upper': the id in capitals; 'padded': with spaces around */
    readonly variant: 'plain' | 'upper' | 'padded' = 'plain',
  ) {}
}

export const pick = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true })

export const refArb = (pool: Pool, table: string | null): fc.Arbitrary<Ref> =>
  fc
    .record({
      who: fc.oneof(
        { arbitrary: fc.constant<Who>('own'), weight: 70 },
        { arbitrary: fc.constant<Who>('other'), weight: 15 },
        { arbitrary: fc.constant<Who>('wrongKind'), weight: 5 },
        { arbitrary: fc.constant<Who>('random'), weight: 10 },
      ),
      pick,
      fallback: fc.uuid(),
      variant: fc.oneof(
        { arbitrary: fc.constant<Ref['variant']>('plain'), weight: 95 },
        { arbitrary: fc.constantFrom<Ref['variant']>('upper', 'padded'), weight: 5 },
      ),
    })
    .map((r) => new Ref(pool, table, r.who, r.pick, r.fallback, r.variant))

// ----- hostile values -----

const CONTROL = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\u200b',
  '\u202e',
]

/** Texts that have broken servers somewhere. */
const NASTY_TEXTS = [
  '',
  ' ',
  '\t\n\r',
  'a\u0000b',
  '\u0000',
  '%00',
  '\\u0000',
  '😀👨‍👩‍👧‍👦🏳️‍🌈',
  '\ud800',
  '\udfff',
  'a\ud83d',
  'ﷺ',
  'Ω≈ç√∫',
  '𝕿𝖍𝖊',
  'ا لعربية',
  '\u202eevil',
  "'; drop table transactions; --",
  '" OR 1=1 --',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '0x1F',
  '%s%s%s%n',
  '(a+)+$',
  '.*.*.*.*.*.*.*.*.*.*.*.*=',
  'a{0,99}a{0,99}a{0,99}a{0,99}a{0,99}b',
  '\\',
  '[',
  '(?<',
]

export const FAR_DATES = [
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '1900-01-01',
  '1969-12-31',
  '1970-01-01',
  '2038-01-19',
  '2200-12-31',
  '2201-01-01',
  '9999-12-31',
  '10000-01-01',
  '+275760-09-13',
  '-000001-01-01',
  '2026-02-29',
  '2024-02-29',
  '2026-02-30',
  '2026-13-01',
  '2026-00-10',
  '2026-04-31',
  '2026-3-5',
  '20260305',
  '2026-03-05T00:00:00Z',
  '2026-03-05 ',
  '٢٠٢٦-٠٣-٠٥',
]

export const FAR_MONTHS = ['0000-01', '0001-12', '1899-12', '1900-01', '2200-12', '2201-01', '9999-12', '2026-00', '2026-13', '2026-1', '202603', '+2026-03']

export const NASTY_NUMBERS = [
  0,
  -0,
  0.001,
  0.005,
  1.005,
  0.1 + 0.2,
  1e-7,
  -1e-7,
  123456789.123,
  999_999_999_999.99,
  -999_999_999_999.99,
  // just inside and outside the API's bound (ten billion): many of these must still add up
  9_999_999_999.99,
  -9_999_999_999.99,
  10_000_000_000,
  -10_000_000_000,
  1_000_000_000_000,
  -1_000_000_000_000,
  99_999_999_999.99,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  -(2 ** 53),
  2 ** 63,
  1e21,
  -1e21,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
]

/** Numbers as a query string carries them: nothing stops a client from writing these. */
export const NASTY_NUMBER_TEXTS = ['NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '0x10', '1_000', '１２', '12abc', '', ' 12 ', '1,5', '.5', '5.', '--1', '+-1']

export const WRONG_TYPES: unknown[] = [null, true, false, 0, 1, -1, '1', 'x', [], [1, 2], ['a'], {}, { a: 1 }, [[[]]], { '': null }]

/** A string of `length` characters made of `unit` repeated (kept short in the generated value). */
export class Huge {
  constructor(
    readonly unit: string,
    readonly length: number,
  ) {}
  toString(): string {
    return this.unit.repeat(Math.ceil(this.length / Math.max(1, this.unit.length))).slice(0, this.length)
  }
}

export const hugeArb: fc.Arbitrary<Huge> = fc
  .record({
    unit: fc.constantFrom('a', 'x9', '😀', 'é', '\u0000', ' ', '%', '\u202e'),
    length: fc.oneof(
      { arbitrary: fc.integer({ min: 201, max: 5_000 }), weight: 6 },
      { arbitrary: fc.integer({ min: 5_001, max: 120_000 }), weight: 3 },
      { arbitrary: fc.integer({ min: 900_000, max: 1_200_000 }), weight: 1 },
    ),
  })
  .map((h) => new Huge(h.unit, h.length))

/** A text with control characters or odd Unicode somewhere in it. */
export const taintedTextArb: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 12 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 12 }))
  .map(([a, c, b]) => `${a}${c}${b}`)

export const hostileStringArb: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_TEXTS), weight: 5 },
  { arbitrary: taintedTextArb, weight: 5 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: hugeArb, weight: 2 },
  { arbitrary: fc.constantFrom(...FAR_DATES, ...FAR_MONTHS), weight: 2 },
)

export const hostileNumberArb: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_NUMBERS), weight: 6 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 3 },
  { arbitrary: fc.integer({ min: -(2 ** 31), max: 2 ** 31 }), weight: 2 },
  { arbitrary: fc.constantFrom(...NASTY_NUMBER_TEXTS), weight: 2 },
)

export const wrongTypeArb: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...WRONG_TYPES), weight: 4 },
  { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 1 },
)

export const hostileIdArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '00000000-0000-4000-8000-000000000000',
    'not-a-uuid',
    '1',
    '-1',
    "' or 1=1",
    '%00',
    '00000000-0000-4000-8000-00000000000',
    '00000000-0000-4000-8000-0000000000000',
    '{00000000-0000-4000-8000-000000000000}',
    'g0000000-0000-4000-8000-000000000000',
  ),
  fc.uuid({ version: [1, 3, 5, 7, 8] }),
  taintedTextArb,
)

/** Keys an object should not have: the contract answers 400 naming them. */
export const unknownKeyArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'id', 'householdId', 'balance', 'userId', 'role', 'isAdmin', 'category', 'createdAt', ''),
  fc.string({ minLength: 1, maxLength: 12 }),
)
