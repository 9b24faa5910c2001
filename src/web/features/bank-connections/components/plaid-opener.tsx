// Plaid Link in the browser (react-plaid-link, which loads Plaid's own script from cdn.plaid.com):
// rendered only once the server said Plaid is configured and handed out a Link token, so a
// server without Plaid never downloads it. It opens Link as soon as the script is ready; with a
// connection's token it runs Link's update mode (the bank asked to log in again).
import { useEffect } from 'react'
import { usePlaidLink } from 'react-plaid-link'

export function PlaidOpener({
  token,
  onSuccess,
  onExit,
}: {
  token: string
  onSuccess: (publicToken: string, institution: string | null) => void
  onExit: (message: string | null) => void
}) {
  const { open, ready, error } = usePlaidLink({
    token,
    onSuccess: (publicToken, metadata) => {
      onSuccess(publicToken ?? '', metadata.institution?.name ?? null)
    },
    onExit: (exitError) => onExit(exitError?.display_message ?? exitError?.error_message ?? null),
  })
  useEffect(() => {
    if (ready) open()
  }, [ready, open])
  useEffect(() => {
    if (error) onExit('Plaid could not be loaded. Check your connection and try again.')
  }, [error, onExit])
  return null
}
