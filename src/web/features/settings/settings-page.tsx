// The Settings page: language and region (locale), time zone, date format, first day of the
// week, theme (one state with the header's switch: each shows the other's change at once) and which reminders you get; the household's
// base currency and exchange rates (Currencies), security and your data.
import { useQuery } from '@tanstack/react-query'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { useEffect } from 'react'
import { z } from 'zod'
import {
  settings as settingsSchema,
  updateSettingsBody,
  type Settings,
} from '#src/contract/user'
import { formatDay } from '#src/domain/dates'
import { COMMON_LOCALES, DEFAULT_LOCALE } from '#src/domain/locale'
import { asCents } from '#src/domain/money'
import type { DateFormat } from '#src/domain/preferences'
import { ErrorState } from '#src/web/components/error-state'
import { FormError } from '#src/web/components/form-dialog'
import { PageBody } from '#src/web/components/page-header'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { Select } from '#src/web/components/ui/select'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { Switch } from '#src/web/components/ui/switch'
import { useAuth } from '#src/web/lib/auth'
import { DEFAULT_CURRENCY, makeMoneyFormatter } from '#src/web/lib/format'
import { settingsQuery } from '#src/web/lib/queries/settings'
import {
  applyThemePreference,
  storedThemePreference,
  useThemePreference,
  type ThemePreference,
} from '#src/web/lib/theme-preference'
import { toast } from '#src/web/lib/toast'
import { useSaveSettings } from './api/save-settings'
import { ApiTokensSection } from './api-tokens-section'
import { CurrenciesSection } from './currencies-section'
import { SecuritySection } from './security-section'
import { YourDataSection } from './your-data-section'

// one date for every example, so the options compare at a glance
const EXAMPLE_DAY = '2026-11-27'

let names: Intl.DisplayNames | null | undefined
function localeName(tag: string): string {
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames(DEFAULT_LOCALE, { type: 'language' })
    } catch {
      names = null
    }
  }
  try {
    return names?.of(tag) ?? tag
  } catch {
    return tag
  }
}

/** "German (Germany): 1.234,56 € · 27.11.2026": how amounts and dates would look. */
export function localeOptionLabel(tag: string, currency: string, dateFormat: DateFormat): string {
  const amount = makeMoneyFormatter(currency, tag)(asCents(123456))
  return `${localeName(tag)}: ${amount} · ${formatDay(EXAMPLE_DAY, tag, { dateFormat })}`
}
const DATE_FORMATS: Record<Settings['dateFormat'], string> = {
  locale: 'As my language writes it',
  'YYYY-MM-DD': '2026-03-31',
  'DD/MM/YYYY': '31/03/2026',
  'MM/DD/YYYY': '03/31/2026',
  'DD.MM.YYYY': '31.03.2026',
}
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

function timeZones(current: string): string[] {
  try {
    const zones = Intl.supportedValuesOf('timeZone')
    return zones.includes(current) ? zones : [current, ...zones]
  } catch {
    return [current]
  }
}

const body = updateSettingsBody.shape
// the base currency is the household's: it is changed under Currencies (currencies-section)
const formSchema = z.object({
  locale: body.locale.unwrap(),
  timeZone: body.timeZone.unwrap(),
  dateFormat: settingsSchema.shape.dateFormat,
  weekStartsOn: z.coerce.number().pipe(settingsSchema.shape.weekStartsOn),
  theme: settingsSchema.shape.theme,
  notificationPrefs: settingsSchema.shape.notificationPrefs.extend({
    billReminderDays: z.coerce
      .number({ error: 'Enter a number of days' })
      .pipe(settingsSchema.shape.notificationPrefs.shape.billReminderDays),
  }),
})
type FormInput = z.input<typeof formSchema>
type FormOutput = z.output<typeof formSchema>

function SettingsForm({ settings }: { settings: Settings }) {
  const save = useSaveSettings()
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      ...settings,
      // what this browser shows (the header's switch may have changed it since)
      theme: storedThemePreference(),
    },
  })
  const { errors, isSubmitting, isDirty } = form.formState
  const { user } = useAuth()
  const currency = user?.baseCurrency ?? DEFAULT_CURRENCY
  const [chosenLocale, chosenDateFormat] = useWatch({ control: form.control, name: ['locale', 'dateFormat'] })
  // one state with the header's switch: its changes show here (without making the form dirty)
  const theme = useThemePreference()
  useEffect(() => {
    if (form.getValues('theme') !== theme) form.setValue('theme', theme)
  }, [form, theme])
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const saved = await save.mutateAsync(v)
      applyThemePreference(saved.theme)
      form.reset({ ...saved, theme: saved.theme })
      toast({ title: 'Settings saved', description: 'Kinwise uses them from now on.' })
    } catch {
      // shown below
    }
  })
  const toggle = (
    name: 'billReminders' | 'goalReminders' | 'budgetAlerts',
    label: string,
    hint: string,
  ) => (
    <Controller
      control={form.control}
      name={`notificationPrefs.${name}`}
      render={({ field }) => (
        <label className="flex items-start justify-between gap-4 py-3">
          <span>
            <span className="block text-sm font-medium">{label}</span>
            <span className="block text-xs text-muted-foreground">{hint}</span>
          </span>
          <Switch checked={field.value} onCheckedChange={field.onChange} aria-label={label} />
        </label>
      )}
    />
  )
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label="Settings">
      <Card aria-labelledby="region-title">
        <CardHeader>
          <CardTitle id="region-title">Money and region</CardTitle>
          <CardDescription>
            How amounts and dates are shown, and when your day starts. The currency is the
            household’s, under Currencies below.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField
            label="Language and region"
            error={errors.locale?.message}
            hint="Number and date style"
          >
            {(control) => (
              <Select {...control} {...form.register('locale')}>
                {[...new Set([settings.locale, ...COMMON_LOCALES])].map((l) => (
                  <option key={l} value={l}>
                    {localeOptionLabel(l, currency, chosenDateFormat)}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField
            label="Time zone"
            error={errors.timeZone?.message}
            hint="Decides what “today” is"
          >
            {(control) => (
              <Select {...control} {...form.register('timeZone')}>
                {timeZones(settings.timeZone).map((z) => (
                  <option key={z} value={z}>
                    {z}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label="Date format" error={errors.dateFormat?.message}>
            {(control) => (
              <Select {...control} {...form.register('dateFormat')}>
                {Object.entries(DATE_FORMATS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {value === 'locale'
                      ? `${label} (${formatDay(EXAMPLE_DAY, chosenLocale)})`
                      : label}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField
            label="First day of the week"
            error={errors.weekStartsOn?.message}
            hint="The bills calendar starts on it"
          >
            {(control) => (
              <Select {...control} {...form.register('weekStartsOn')}>
                {WEEKDAYS.map((d, i) => (
                  <option key={d} value={i}>
                    {d}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField
            label="Theme"
            error={errors.theme?.message}
            hint="The switch in the header changes it too"
          >
            {(control) => (
              <Select
                {...control}
                {...form.register('theme', {
                  // applied at once, like the header's switch; Save keeps it for this account
                  onChange: (e: { target: { value: ThemePreference } }) =>
                    applyThemePreference(e.target.value),
                })}
              >
                <option value="system">Same as my device</option>
                <option value="light">Light</option>
                <option value="dark">Dark</option>
              </Select>
            )}
          </FormField>
        </CardContent>
      </Card>
      <Card aria-labelledby="notify-title">
        <CardHeader>
          <CardTitle id="notify-title">Reminders</CardTitle>
          <CardDescription>
            What Kinwise reminds you of, in the bell and on the Reminders page.
          </CardDescription>
        </CardHeader>
        <CardContent className="divide-y">
          {toggle('billReminders', 'Bills due soon', 'A reminder before each bill is due')}
          {toggle('goalReminders', 'Goal deadlines', 'When a goal’s target date comes near')}
          {toggle('budgetAlerts', 'Budget limits', 'When a budget is 80 % and 100 % used')}
          <div className="pt-3">
            <FormField
              label="Days before a bill is due"
              error={errors.notificationPrefs?.billReminderDays?.message}
              className="max-w-48"
            >
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  min={0}
                  max={30}
                  {...form.register('notificationPrefs.billReminderDays')}
                />
              )}
            </FormField>
          </div>
        </CardContent>
      </Card>
      <FormError error={save.error} />
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving…' : 'Save settings'}
        </Button>
      </div>
    </form>
  )
}

export function SettingsPage() {
  const settings = useQuery(settingsQuery)
  return (
    <PageBody className="max-w-3xl">
      {settings.isLoading ? (
        <div className="space-y-6" role="status" aria-label="Loading settings">
          <Skeleton className="h-72 w-full rounded-xl" />
          <Skeleton className="h-56 w-full rounded-xl" />
        </div>
      ) : settings.error || settings.data === undefined ? (
        <ErrorState
          what="your settings"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <SettingsForm settings={settings.data} />
      )}
      <CurrenciesSection />
      <SecuritySection />
      <ApiTokensSection />
      <YourDataSection />
    </PageBody>
  )
}
