// Adding or editing an account: name, type (checking, savings, cash, card, investment, loan,
// mortgage, other), currency and what it holds now (new accounts only), the last digits of its
// number (only those are kept) and the bank. A card's or loan's balance is entered as what is
// owed and stored negative.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import {
  ACCOUNT_TYPES,
  createAccountBody,
  updateAccountBody,
  type Account,
} from '../../../../contract/accounts'
import { money } from '../../../../contract/common'
import { negate, ZERO } from '../../../../domain/money'
import { FormDialog, FormError } from '../../../components/form-dialog'
import { Button } from '../../../components/ui/button'
import { FormField } from '../../../components/ui/form-field'
import { Input } from '../../../components/ui/input'
import { Select } from '../../../components/ui/select'
import { optionalMoneyText } from '../../../lib/money-input'
import { toast } from '../../../lib/toast'
import { useCreateAccount, useUpdateAccount } from '../api/save-account'
import { ACCOUNT_TYPE_INFO, isLiability } from '../account-types'

const fields = createAccountBody.shape
const blankToNull = (v: string) => (v.trim() === '' ? null : v)

const accountFormSchema = z.object({
  name: fields.name,
  type: fields.type,
  currency: z.string().trim().toUpperCase().pipe(fields.currency.unwrap()),
  openingBalance: optionalMoneyText(money),
  openingDate: fields.openingDate,
  accountNumber: z
    .string()
    .transform(blankToNull)
    .pipe(updateAccountBody.shape.accountNumber.unwrap()),
  institution: z.string().transform(blankToNull).pipe(updateAccountBody.shape.institution.unwrap()),
})
type FormInput = z.input<typeof accountFormSchema>
type FormOutput = z.output<typeof accountFormSchema>

export function AccountFormDialog({
  open,
  onOpenChange,
  account,
  baseCurrency,
  today,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  account: Account | null
  baseCurrency: string
  today: string
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={account === null ? 'Add an account' : `Edit ${account.name}`}
      description={
        account === null
          ? 'A bank account, card, loan or the cash in your wallet. Only the last 4 digits of its number are kept.'
          : 'Change how this account is named and shown. Its balance changes through its transactions.'
      }
    >
      {open && (
        <AccountForm
          account={account}
          baseCurrency={baseCurrency}
          today={today}
          onDone={() => onOpenChange(false)}
        />
      )}
    </FormDialog>
  )
}

function AccountForm({
  account,
  baseCurrency,
  today,
  onDone,
}: {
  account: Account | null
  baseCurrency: string
  today: string
  onDone: () => void
}) {
  const create = useCreateAccount()
  const update = useUpdateAccount()
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(accountFormSchema),
    defaultValues: {
      name: account?.name ?? '',
      type: account?.type ?? 'checking',
      currency: account?.currency ?? baseCurrency,
      openingBalance: '',
      openingDate: today,
      accountNumber: account?.accountNumber ?? '',
      institution: account?.institution ?? '',
    },
  })
  const type = useWatch({ control: form.control, name: 'type' })
  const owed = isLiability(type)
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      if (account === null) {
        const typed = v.openingBalance ?? ZERO
        const created = await create.mutateAsync({
          name: v.name,
          type: v.type,
          currency: v.currency,
          openingBalance: owed ? negate(typed) : typed,
          openingDate: v.openingDate,
          visibility: 'shared',
          sharedWithTeens: false,
          accountNumber: v.accountNumber,
          institution: v.institution,
        })
        toast({ title: 'Account added', description: `${created.name} is ready for transactions.` })
      } else {
        await update.mutateAsync({
          id: account.id,
          body: {
            name: v.name,
            type: v.type,
            // a number shown as its last digits is kept unless it is typed anew
            ...(v.accountNumber !== account.accountNumber
              ? { accountNumber: v.accountNumber }
              : {}),
            institution: v.institution,
          },
        })
        toast({ title: 'Account updated', description: `${v.name} is saved.` })
      }
      onDone()
    } catch {
      // shown below
    }
  })

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Account">
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
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Type" error={errors.type?.message}>
          {(control) => (
            <Select {...control} {...form.register('type')}>
              {ACCOUNT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {ACCOUNT_TYPE_INFO[t].label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField
          label="Currency"
          error={errors.currency?.message}
          hint={account === null ? undefined : 'Fixed once the account has entries'}
        >
          {(control) => (
            <Input
              {...control}
              maxLength={3}
              autoCapitalize="characters"
              className="uppercase"
              readOnly={account !== null}
              {...form.register('currency')}
            />
          )}
        </FormField>
      </div>
      {account === null && (
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            label={owed ? 'Amount owed now' : 'Balance now'}
            error={errors.openingBalance?.message}
            hint={owed ? 'What you owe; it is shown as a negative balance' : 'Leave empty for 0'}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                placeholder="0.00"
                className="text-right tabular-nums"
                {...form.register('openingBalance')}
              />
            )}
          </FormField>
          <FormField label="As of" error={errors.openingDate?.message}>
            {(control) => <Input {...control} type="date" {...form.register('openingDate')} />}
          </FormField>
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="Account number"
          error={errors.accountNumber?.message}
          hint="Only the last 4 digits are kept"
        >
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              inputMode="numeric"
              {...form.register('accountNumber')}
            />
          )}
        </FormField>
        <FormField label="Bank or institution" error={errors.institution?.message}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('institution')} />}
        </FormField>
      </div>
      <FormError error={create.error ?? update.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : account === null ? 'Add account' : 'Save'}
        </Button>
      </div>
    </form>
  )
}
