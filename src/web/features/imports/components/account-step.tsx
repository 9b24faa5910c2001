// Which account the rows go to. A bank file (OFX, QFX, CAMT, a QIF naming its accounts) brings
// its own: each is found among the user's accounts or created, unless the user picks one. A CSV
// or a plain QIF file says nothing about its account: the user picks one or creates it here.
import { zodResolver } from '@hookform/resolvers/zod'
import { Landmark, Plus } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import {
  ACCOUNT_TYPES,
  createAccountBody,
  type Account,
  type AccountType,
} from '#src/contract/accounts'
import type { ImportResult } from '#src/contract/imports'
import { ZERO } from '#src/domain/money'
import { FormError } from '#src/web/components/form-dialog'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { Select } from '#src/web/components/ui/select'
import { useCreateImportAccount } from '../api/create-account'
import { plural } from '../import-flow'

const TYPE_LABELS: Record<AccountType, string> = {
  checking: 'Checking',
  savings: 'Savings',
  cash: 'Cash',
  credit_card: 'Credit card',
  investment: 'Investment',
  loan: 'Loan',
  mortgage: 'Mortgage',
  other: 'Other',
}

function accountLabel(a: Account): string {
  return `${a.name} · ${TYPE_LABELS[a.type]}${a.accountNumber ? ` ••${a.accountNumber}` : ''}`
}

type FileAccount = ImportResult['accounts'][number]

/** The accounts a bank file names, and where each one's rows will go. */
export function FileAccounts({
  accounts,
  chosen,
  openAccounts,
  onChoose,
}: {
  accounts: readonly FileAccount[]
  chosen: string | null
  openAccounts: readonly Account[]
  onChoose: (accountId: string | null) => void
}) {
  return (
    <div className="space-y-4">
      <ul className="divide-y rounded-lg border" data-testid="file-accounts">
        {accounts.map((a) => {
          const rows = a.added + a.duplicates
          return (
            <li key={a.key} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="flex min-w-0 items-center gap-3">
                <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
                  <Landmark className="size-4" aria-hidden="true" />
                </span>
                <div className="min-w-0">
                  <p className="truncate font-medium">{a.name}</p>
                  <p className="text-xs text-muted-foreground">
                    {[
                      a.numberLast4 && !a.name.includes(a.numberLast4)
                        ? `••${a.numberLast4}`
                        : null,
                      a.currency,
                      plural(rows, 'row'),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
              </div>
              {chosen !== null ? (
                <Badge variant="secondary">Goes to the account you chose</Badge>
              ) : a.created ? (
                <Badge variant="accent">New account, created when you import</Badge>
              ) : (
                <Badge variant="secondary">Goes to your account “{a.name}”</Badge>
              )}
            </li>
          )
        })}
      </ul>
      {accounts.length === 1 && openAccounts.length > 0 && (
        <FormField
          label="Import into"
          hint="Kinwise remembers the account, so the next statement from it goes to the same place."
        >
          {(control) => (
            <Select
              {...control}
              value={chosen ?? ''}
              onChange={(event) => onChoose(event.target.value === '' ? null : event.target.value)}
              data-testid="account-select"
            >
              <option value="">
                {accounts[0]?.created
                  ? 'A new account, as the file names it'
                  : 'The account the file names'}
              </option>
              {openAccounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {accountLabel(a)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      )}
    </div>
  )
}

/** A CSV or plain QIF file: the user picks the account, or creates it on the spot. */
export function ChooseAccount({
  format,
  chosen,
  openAccounts,
  baseCurrency,
  onChoose,
}: {
  format: 'csv' | 'qif'
  chosen: string | null
  openAccounts: readonly Account[]
  baseCurrency: string
  onChoose: (accountId: string | null) => void
}) {
  const [creating, setCreating] = useState(openAccounts.length === 0)
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        {format === 'csv' ? 'A CSV export' : 'This QIF file'} does not say which account it is from.
        Choose it, or create it now.
      </p>
      {openAccounts.length > 0 && (
        <FormField label="Account">
          {(control) => (
            <Select
              {...control}
              value={chosen ?? ''}
              onChange={(event) => onChoose(event.target.value === '' ? null : event.target.value)}
              data-testid="account-select"
            >
              <option value="">Choose an account…</option>
              {openAccounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {accountLabel(a)}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      )}
      {creating ? (
        <NewAccountForm
          baseCurrency={baseCurrency}
          onCancel={openAccounts.length > 0 ? () => setCreating(false) : undefined}
          onCreated={(id) => {
            setCreating(false)
            onChoose(id)
          }}
        />
      ) : (
        <Button type="button" variant="outline" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          Create a new account
        </Button>
      )}
    </div>
  )
}

const fields = createAccountBody.shape
const newAccountSchema = z.object({
  name: fields.name,
  type: fields.type,
  currency: z.string().trim().toUpperCase().pipe(fields.currency.unwrap()),
})
type NewAccountInput = z.input<typeof newAccountSchema>
type NewAccountOutput = z.output<typeof newAccountSchema>

function NewAccountForm({
  baseCurrency,
  onCancel,
  onCreated,
}: {
  baseCurrency: string
  onCancel?: () => void
  onCreated: (accountId: string) => void
}) {
  const create = useCreateImportAccount()
  const form = useForm<NewAccountInput, unknown, NewAccountOutput>({
    resolver: zodResolver(newAccountSchema),
    defaultValues: { name: '', type: 'checking', currency: baseCurrency },
  })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      // a quick account for the file: the member's own, shared as the server's default; who sees
      // it can be changed on the Accounts page
      const account = await create.mutateAsync({
        ...v,
        openingBalance: ZERO,
        visibility: 'shared',
        sharedWithTeens: false,
      })
      onCreated(account.id)
    } catch {
      // shown below
    }
  })
  return (
    <form
      onSubmit={(event) => {
        // the import page is not a form: keep this one from submitting anything else
        event.stopPropagation()
        void onSubmit(event)
      }}
      noValidate
      aria-label="New account"
      className="grid gap-4 rounded-lg border bg-muted/30 p-4"
    >
      <p className="text-sm font-medium">New account</p>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        <FormField label="Name" error={errors.name?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              placeholder="e.g. Everyday Checking"
              {...form.register('name')}
            />
          )}
        </FormField>
        <FormField label="Type" error={errors.type?.message}>
          {(control) => (
            <Select {...control} {...form.register('type')}>
              {ACCOUNT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Currency" error={errors.currency?.message}>
          {(control) => (
            <Input
              {...control}
              maxLength={3}
              autoCapitalize="characters"
              className="uppercase"
              {...form.register('currency')}
            />
          )}
        </FormField>
      </div>
      <p className="text-xs text-muted-foreground">
        It starts at 0: the statement’s rows make its balance. Add an opening balance later on the
        Accounts page if the file does not go back to the start.
      </p>
      <FormError error={create.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Creating…' : 'Create account'}
        </Button>
      </div>
    </form>
  )
}
