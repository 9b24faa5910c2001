// The fields of a react-hook-form form: a label, the control registered under its name, an
// optional hint and the field's error, wired together by FormField (ids, aria-invalid,
// aria-describedby). Money is typed as text in decimals ("1,234.50") and parsed by the form's
// schema (lib/money-input.ts); dates are the browser's date input; longer text a textarea.
import type { ComponentProps, ReactNode } from 'react'
import {
  get,
  type FieldError,
  type FieldValues,
  type FormState,
  type Path,
  type UseFormRegister,
} from 'react-hook-form'
import type { Account } from '#src/contract/accounts'
import type { CategoryOption } from '#src/web/lib/queries/categories'
import { FormField } from '../ui/form-field'
import { Input } from '../ui/input'
import { Select } from '../ui/select'
import { Textarea } from '../ui/textarea'

/** What a field needs of the form: `form` is what `useForm` returned. */
type BoundField<T extends FieldValues> = {
  form: { register: UseFormRegister<T>; formState: FormState<NoInfer<T>> }
  name: Path<T>
  label: ReactNode
  hint?: ReactNode
  /** classes of the field's frame (label, control, hint, error) */
  className?: string
}

type InputProps = Omit<ComponentProps<typeof Input>, 'form' | 'name' | 'className' | 'type'>

function errorOf<T extends FieldValues>(form: BoundField<T>['form'], name: Path<T>) {
  return (get(form.formState.errors, name) as FieldError | undefined)?.message
}

/** A text input; `type="number"` and the like go through `type`, classes through `inputClassName`. */
export function TextField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  className,
  type,
  inputClassName,
  ...input
}: BoundField<T> &
  InputProps & {
    type?: 'text' | 'number' | 'email' | 'url' | 'password'
    inputClassName?: string
  }) {
  return (
    <FormField label={label} error={errorOf(form, name)} hint={hint} className={className}>
      {(control) => (
        <Input
          {...control}
          {...input}
          type={type}
          className={inputClassName}
          {...form.register(name)}
        />
      )}
    </FormField>
  )
}

/** An amount in decimals, right-aligned in tabular figures; "0.00" unless told (null: none). */
export function MoneyField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  className,
  placeholder = '0.00',
  ...input
}: BoundField<T> & Omit<InputProps, 'placeholder'> & { placeholder?: string | null }) {
  return (
    <FormField label={label} error={errorOf(form, name)} hint={hint} className={className}>
      {(control) => (
        <Input
          {...control}
          inputMode="decimal"
          {...input}
          placeholder={placeholder ?? undefined}
          className="text-right tabular-nums"
          {...form.register(name)}
        />
      )}
    </FormField>
  )
}

/** A day, as the browser's date input (YYYY-MM-DD). */
export function DateField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  className,
  ...input
}: BoundField<T> & InputProps) {
  return (
    <FormField label={label} error={errorOf(form, name)} hint={hint} className={className}>
      {(control) => <Input {...control} {...input} type="date" {...form.register(name)} />}
    </FormField>
  )
}

/** Several lines of text; `rows` and the like go to the textarea. */
export function TextAreaField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  className,
  ...textarea
}: BoundField<T> &
  Omit<ComponentProps<typeof Textarea>, 'form' | 'name' | 'className' | 'children'>) {
  return (
    <FormField label={label} error={errorOf(form, name)} hint={hint} className={className}>
      {(control) => <Textarea {...control} {...textarea} {...form.register(name)} />}
    </FormField>
  )
}

/** A native select; its options are the children (see AccountOptions, CategoryOptions). */
export function SelectField<T extends FieldValues>({
  form,
  name,
  label,
  hint,
  className,
  children,
}: BoundField<T> & { children: ReactNode }) {
  return (
    <FormField label={label} error={errorOf(form, name)} hint={hint} className={className}>
      {(control) => (
        <Select {...control} {...form.register(name)}>
          {children}
        </Select>
      )}
    </FormField>
  )
}

/** An option per account, by name, after an optional empty choice. */
export function AccountOptions({
  accounts,
  none,
}: {
  accounts: readonly Account[]
  none?: string
}) {
  return (
    <>
      {none !== undefined && <option value="">{none}</option>}
      {accounts.map((a) => (
        <option key={a.id} value={a.id}>
          {a.name}
        </option>
      ))}
    </>
  )
}

/** An option per category, children indented under their parent, after an optional empty one. */
export function CategoryOptions({
  categories,
  none,
}: {
  categories: readonly CategoryOption[]
  none?: string
}) {
  return (
    <>
      {none !== undefined && <option value="">{none}</option>}
      {categories.map((o) => (
        <option key={o.id} value={o.id}>
          {o.depth === 1 ? `\u00a0\u00a0\u00a0${o.label}` : o.label}
        </option>
      ))}
    </>
  )
}
