// The code from an authenticator app typed in a confirm form: checked for its length when the
// form is sent, and any message (the form's or the last call's, through `reset`) cleared as the
// member types again.
import { useState, type FormEvent } from 'react'
import { CODE_LENGTH } from './one-time-code-input'

export function useCodeEntry(send: (code: string) => void, reset: () => void) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | undefined>()
  return {
    /** the props of the OneTimeCodeField */
    field: {
      error,
      value: code,
      onValueChange: (next: string) => {
        setCode(next)
        setError(undefined)
        reset()
      },
    },
    onSubmit: (event: FormEvent) => {
      event.preventDefault()
      if (code.length !== CODE_LENGTH)
        return setError(`Enter the ${CODE_LENGTH}-digit code from your app`)
      send(code)
    },
  }
}
