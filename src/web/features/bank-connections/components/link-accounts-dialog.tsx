// After connecting (or later, for accounts still unlinked): which Kinwise account each of the
// bank's accounts feeds — one the member already has (say, one filled from statement files, whose
// rows are then matched instead of added twice) or a new one, named and typed here. Saving links
// them, then runs the first sync and says what it brought.
import { useState, type FormEvent } from 'react'
import type { Account } from '#src/contract/accounts'
import { ACCOUNT_TYPES, type AccountType } from '#src/contract/accounts'
import type { BankConnection, SyncResult } from '#src/contract/bank-connections'
import { FormDialog, FormError } from '#src/web/components/form-dialog'
import { Money } from '#src/web/components/money'
import { Button } from '#src/web/components/ui/button'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { Select } from '#src/web/components/ui/select'
import { useLinkBankAccounts, useSyncBankConnection, type LinkBody } from '../api/save-bank-connection'

export const ACCOUNT_TYPE_LABELS = {
  checking: 'Checking',
  savings: 'Savings',
  credit_card: 'Credit card',
  investment: 'Investment',
  loan: 'Loan',
  mortgage: 'Mortgage',
  cash: 'Cash',
  other: 'Other',
} as const satisfies Record<AccountType, string>

const NEW = 'new'

/** A first guess of the account's type from the bank's name for it ("Visa Signature" → card). */
export function guessAccountType(name: string): AccountType {
  const n = name.toLowerCase()
  if (/credit|card|visa|mastercard|amex|discover/.test(n)) return 'credit_card'
  if (/saving|money market/.test(n)) return 'savings'
  if (/mortgage/.test(n)) return 'mortgage'
  if (/loan|auto/.test(n)) return 'loan'
  if (/brokerage|invest|ira|401k|roth/.test(n)) return 'investment'
  return 'checking'
}

type Row = { target: string; name: string; type: AccountType }

export function LinkAccountsDialog({
  connection,
  accounts,
  takenAccountIds,
  onOpenChange,
  onSynced,
}: {
  connection: BankConnection | null
  /** the member's Kinwise accounts one may link to */
  accounts: Account[]
  /** Kinwise accounts another bank account already feeds */
  takenAccountIds: ReadonlySet<string>
  onOpenChange: (open: boolean) => void
  onSynced: (connectionId: string, result: SyncResult | null, error: unknown) => void
}) {
  return (
    <FormDialog
      open={connection !== null}
      onOpenChange={onOpenChange}
      title={connection === null ? 'Link accounts' : `Link ${connection.institution} accounts`}
      description="Choose where each bank account’s transactions go: an account you already have in Kinwise, or a new one."
      className="sm:max-w-2xl"
    >
      {connection !== null && (
        <LinkForm
          key={connection.id}
          connection={connection}
          accounts={accounts}
          takenAccountIds={takenAccountIds}
          onDone={(result, error) => {
            onOpenChange(false)
            onSynced(connection.id, result, error)
          }}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </FormDialog>
  )
}

function LinkForm({
  connection,
  accounts,
  takenAccountIds,
  onDone,
  onCancel,
}: {
  connection: BankConnection
  accounts: Account[]
  takenAccountIds: ReadonlySet<string>
  onDone: (result: SyncResult | null, error: unknown) => void
  onCancel: () => void
}) {
  const link = useLinkBankAccounts()
  const sync = useSyncBankConnection()
  const [rows, setRows] = useState<Record<string, Row>>(() =>
    Object.fromEntries(
      connection.accounts.map((a) => [
        a.id,
        { target: a.accountId ?? NEW, name: a.name, type: guessAccountType(a.name) },
      ]),
    ),
  )
  const [nameErrors, setNameErrors] = useState<Record<string, string>>({})
  const open = accounts.filter((a) => !a.isClosed)
  const set = (id: string, change: Partial<Row>) =>
    setRows((r) => {
      const row = r[id]
      return row === undefined ? r : { ...r, [id]: { ...row, ...change } }
    })

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const errors: Record<string, string> = {}
    const links: { accountId: string; body: LinkBody }[] = []
    for (const a of connection.accounts) {
      const row = rows[a.id]
      if (row === undefined) continue
      if (row.target === NEW) {
        if (a.accountId !== null) continue
        if (row.name.trim() === '') errors[a.id] = 'Enter a name'
        links.push({ accountId: a.id, body: { accountId: null, name: row.name.trim(), type: row.type } })
      } else if (row.target !== a.accountId) {
        links.push({ accountId: a.id, body: { accountId: row.target } })
      }
    }
    setNameErrors(errors)
    if (Object.keys(errors).length > 0) return
    try {
      if (links.length > 0) await link.mutateAsync({ connectionId: connection.id, links })
    } catch {
      return
    }
    try {
      onDone(await sync.mutateAsync(connection.id), null)
    } catch (error) {
      onDone(null, error)
    }
  }

  const busy = link.isPending || sync.isPending
  return (
    <form className="grid gap-5" aria-label="Link accounts" noValidate onSubmit={onSubmit}>
      <ul className="grid gap-4">
        {connection.accounts.map((a) => {
          const row = rows[a.id]
          if (row === undefined) return null
          const options = open.filter((k) => k.id === a.accountId || !takenAccountIds.has(k.id))
          const linkedElsewhere = a.accountId !== null
          return (
            <li key={a.id} className="grid gap-3 rounded-lg border p-4" data-testid="link-row">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-medium">
                  {a.name}
                  {a.mask !== null && (
                    <span className="text-muted-foreground"> ••{a.mask}</span>
                  )}
                </p>
                {a.balance !== null && (
                  <Money value={a.balance} currency={a.currency} className="text-sm" />
                )}
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <FormField label={`Where ${a.name} goes`}>
                  {(control) => (
                    <Select
                      {...control}
                      value={row.target}
                      onChange={(e) => set(a.id, { target: e.target.value })}
                      disabled={busy || linkedElsewhere}
                    >
                      {!linkedElsewhere && <option value={NEW}>A new account</option>}
                      {options.map((k) => (
                        <option key={k.id} value={k.id}>
                          {k.name}
                          {k.accountNumber ? ` ••${k.accountNumber}` : ''}
                        </option>
                      ))}
                    </Select>
                  )}
                </FormField>
                {row.target === NEW && (
                  <FormField label="Type">
                    {(control) => (
                      <Select
                        {...control}
                        value={row.type}
                        disabled={busy}
                        onChange={(e) => {
                          const type = ACCOUNT_TYPES.find((t) => t === e.target.value)
                          if (type !== undefined) set(a.id, { type })
                        }}
                      >
                        {ACCOUNT_TYPES.map((t) => (
                          <option key={t} value={t}>
                            {ACCOUNT_TYPE_LABELS[t]}
                          </option>
                        ))}
                      </Select>
                    )}
                  </FormField>
                )}
                {row.target === NEW && (
                  <FormField
                    label="New account’s name"
                    error={nameErrors[a.id]}
                    className="sm:col-span-2"
                  >
                    {(control) => (
                      <Input
                        {...control}
                        value={row.name}
                        maxLength={80}
                        disabled={busy}
                        onChange={(e) => {
                          set(a.id, { name: e.target.value })
                          setNameErrors((n) => ({ ...n, [a.id]: '' }))
                        }}
                      />
                    )}
                  </FormField>
                )}
              </div>
              {linkedElsewhere && (
                <p className="text-xs text-muted-foreground">Already linked.</p>
              )}
            </li>
          )
        })}
      </ul>
      <FormError error={link.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          Later
        </Button>
        <Button type="submit" disabled={busy}>
          {link.isPending ? 'Linking…' : sync.isPending ? 'Syncing…' : 'Link and sync'}
        </Button>
      </div>
    </form>
  )
}
