// Adding or editing an account: name, type (checking, savings, cash, card, investment, loan,
// mortgage, other), currency and what it holds now (new accounts only), the last digits of its
// number (only those are kept) and the bank; and who owns it and who sees it: its
// owner (the member adding it by default; only an owner or adult may pick someone else), its
// visibility (shared, private, balance only) and whether teens see it. A card's or loan's
// balance is entered as what is owed and stored negative.
import { zodResolver } from '@hookform/resolvers/zod'
import { useId } from 'react'
import { Controller, useForm, useWatch, type Control } from 'react-hook-form'
import { z } from 'zod'
import {
  ACCOUNT_TYPES,
  accountVisibility,
  createAccountBody,
  updateAccountBody,
  type Account,
} from '#src/contract/accounts'
import { money } from '#src/contract/common'
import {
  ACCOUNT_VISIBILITIES,
  VISIBILITY_DESCRIPTIONS,
  VISIBILITY_LABELS,
} from '#src/domain/access'
import { negate, ZERO } from '#src/domain/money'
import { FormDialog } from '#src/web/components/form-dialog'
import { DateField, MoneyField, SelectField, TextField } from '#src/web/components/forms/fields'
import { FormFooter } from '#src/web/components/forms/form-footer'
import { Alert } from '#src/web/components/ui/alert'
import { Label } from '#src/web/components/ui/label'
import { Switch } from '#src/web/components/ui/switch'
import { optionalMoneyText } from '#src/web/lib/money-input'
import { toast } from '#src/web/lib/toast'
import { useCreateAccount, useUpdateAccount } from '../api/save-account'
import { ACCOUNT_TYPE_INFO, isLiability } from '../account-types'
import type { OwnerChoice } from '../owners'

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
  ownerId: z.string().min(1, 'Choose who owns it'),
  visibility: accountVisibility,
  sharedWithTeens: z.boolean(),
})
type FormInput = z.input<typeof accountFormSchema>
type FormOutput = z.output<typeof accountFormSchema>

export function AccountFormDialog({
  open,
  onOpenChange,
  account,
  baseCurrency,
  today,
  me,
  owners,
  canPickOwner,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  account: Account | null
  baseCurrency: string
  today: string
  /** the signed-in member's id: the owner of a new account unless another is picked */
  me: string
  /** the members an account can belong to (the household, or only me while it is unknown) */
  owners: readonly OwnerChoice[]
  /** only the household's owner and adults may give an account to someone else */
  canPickOwner: boolean
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
          me={me}
          owners={owners}
          canPickOwner={canPickOwner}
          onDone={() => onOpenChange(false)}
        />
      )}
    </FormDialog>
  )
}

/** Who sees the account: the three visibilities as radio buttons, each with what it means. */
function VisibilityField({ control }: { control: Control<FormInput, unknown, FormOutput> }) {
  const id = useId()
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm leading-none font-medium">Who sees it</legend>
      <Controller
        control={control}
        name="visibility"
        render={({ field }) => (
          <div className="grid gap-2">
            {ACCOUNT_VISIBILITIES.map((v) => (
              <label
                key={v}
                htmlFor={`${id}-${v}`}
                className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:checked]:bg-accent/40 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
              >
                <input
                  id={`${id}-${v}`}
                  type="radio"
                  name={field.name}
                  value={v}
                  checked={field.value === v}
                  onChange={() => field.onChange(v)}
                  onBlur={field.onBlur}
                  aria-labelledby={`${id}-${v}-label`}
                  aria-describedby={`${id}-${v}-hint`}
                  className="mt-0.5 size-4 shrink-0 accent-primary outline-none"
                />
                <span className="grid gap-0.5">
                  <span id={`${id}-${v}-label`} className="text-sm font-medium">
                    {VISIBILITY_LABELS[v]}
                  </span>
                  <span id={`${id}-${v}-hint`} className="text-xs text-muted-foreground">
                    {VISIBILITY_DESCRIPTIONS[v]}
                  </span>
                </span>
              </label>
            ))}
          </div>
        )}
      />
    </fieldset>
  )
}

/** "Teens can see it": off for a private account, which no one else sees anyway. */
function TeensField({
  control,
  disabled,
}: {
  control: Control<FormInput, unknown, FormOutput>
  disabled: boolean
}) {
  const id = useId()
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
      <div className="grid gap-1">
        <Label htmlFor={id}>Teens can see it</Label>
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {disabled
            ? 'A private account is its owner’s alone.'
            : 'Teens in the household see it as its visibility allows; off, they do not see it at all.'}
        </p>
      </div>
      <Controller
        control={control}
        name="sharedWithTeens"
        render={({ field }) => (
          <Switch
            id={id}
            aria-describedby={`${id}-hint`}
            checked={field.value && !disabled}
            disabled={disabled}
            onCheckedChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
    </div>
  )
}

function AccountForm({
  account,
  baseCurrency,
  today,
  me,
  owners,
  canPickOwner,
  onDone,
}: {
  account: Account | null
  baseCurrency: string
  today: string
  me: string
  owners: readonly OwnerChoice[]
  canPickOwner: boolean
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
      ownerId: account?.ownerId ?? me,
      visibility: account?.visibility ?? 'shared',
      sharedWithTeens: account?.sharedWithTeens ?? false,
    },
  })
  const type = useWatch({ control: form.control, name: 'type' })
  const ownerId = useWatch({ control: form.control, name: 'ownerId' })
  const visibility = useWatch({ control: form.control, name: 'visibility' })
  const owed = isLiability(type)
  const ownerName = owners.find((o) => o.id === ownerId)?.name ?? 'its owner'
  // the owner list always holds the account's current owner, even one the list does not know
  const ownerChoices =
    owners.some((o) => o.id === ownerId) || ownerId === ''
      ? owners
      : [...owners, { id: ownerId, name: 'Its owner' }]
  const { isSubmitting } = form.formState

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
          ...(v.ownerId !== me ? { ownerId: v.ownerId } : {}),
          visibility: v.visibility,
          sharedWithTeens: v.visibility !== 'private' && v.sharedWithTeens,
          accountNumber: v.accountNumber,
          institution: v.institution,
        })
        toast({ title: 'Account added', description: `${created.name} is ready for transactions.` })
      } else {
        const sharedWithTeens = v.visibility !== 'private' && v.sharedWithTeens
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
            ...(v.ownerId !== account.ownerId ? { ownerId: v.ownerId } : {}),
            ...(v.visibility !== account.visibility ? { visibility: v.visibility } : {}),
            ...(sharedWithTeens !== account.sharedWithTeens ? { sharedWithTeens } : {}),
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
      <TextField
        form={form}
        name="name"
        label="Name"
        autoComplete="off"
        placeholder="e.g. Everyday Checking"
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField form={form} name="type" label="Type">
          {ACCOUNT_TYPES.map((t) => (
            <option key={t} value={t}>
              {ACCOUNT_TYPE_INFO[t].label}
            </option>
          ))}
        </SelectField>
        <TextField
          form={form}
          name="currency"
          label="Currency"
          hint={account === null ? undefined : 'Fixed once the account has entries'}
          maxLength={3}
          autoCapitalize="characters"
          inputClassName="uppercase"
          readOnly={account !== null}
        />
      </div>
      {account === null && (
        <div className="grid gap-3 sm:grid-cols-2">
          <MoneyField
            form={form}
            name="openingBalance"
            label={owed ? 'Amount owed now' : 'Balance now'}
            hint={owed ? 'What you owe; it is shown as a negative balance' : 'Leave empty for 0'}
          />
          <DateField form={form} name="openingDate" label="As of" />
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          form={form}
          name="accountNumber"
          label="Account number"
          hint="Only the last 4 digits are kept"
          autoComplete="off"
          inputMode="numeric"
        />
        <TextField form={form} name="institution" label="Bank or institution" autoComplete="off" />
      </div>
      {canPickOwner ? (
        <SelectField
          form={form}
          name="ownerId"
          label="Owner"
          hint="Whose account it is: they manage it, and a private one is theirs alone."
        >
          {ownerChoices.map((o) => (
            <option key={o.id} value={o.id}>
              {o.id === me ? `${o.name} (you)` : o.name}
            </option>
          ))}
        </SelectField>
      ) : (
        <p className="text-sm">
          <span className="font-medium">Owner:</span> you
        </p>
      )}
      <VisibilityField control={form.control} />
      <TeensField control={form.control} disabled={visibility === 'private'} />
      {visibility === 'private' && ownerId !== me && (
        <Alert variant="warning" role="status">
          <span>
            Only {ownerName} will see this account. It disappears from your list once saved.
          </span>
        </Alert>
      )}
      <FormFooter
        error={create.error ?? update.error}
        onCancel={onDone}
        busy={isSubmitting}
        submitLabel={account === null ? 'Add account' : 'Save'}
      />
    </form>
  )
}
