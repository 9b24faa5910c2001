// Connecting a bank (a SimpleFIN setup token or a Plaid public token), linking each provider
// account to a Kinwise account or a new one, Sync now, Disconnect, and a Plaid Link token (update
// mode when the bank asks to log in again). Linking and syncing write accounts and transactions,
// so the ledger's pages refresh with the connections.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  createBankConnection,
  deleteBankConnection,
  linkBankAccount,
  plaidLinkToken,
  syncBankConnection,
  type createBankConnectionBody,
  type linkBankAccountBody,
} from '#src/contract/bank-connections'
import { callEndpoint } from '#src/web/lib/api'
import { API_ROOTS, invalidateLedger, invalidateRoots } from '#src/web/lib/query-keys'

export type ConnectBody = z.output<typeof createBankConnectionBody>
export type LinkBody = z.output<typeof linkBankAccountBody>

const CONNECTIONS = [API_ROOTS.bankConnections] as const

export function useConnectBank() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ConnectBody) => callEndpoint(createBankConnection, { body }),
    onSuccess: () => invalidateRoots(queryClient, CONNECTIONS),
  })
}

/** Links several provider accounts one after the other (each answer is the whole connection). */
export function useLinkBankAccounts() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({
      connectionId,
      links,
    }: {
      connectionId: string
      links: { accountId: string; body: LinkBody }[]
    }) => {
      for (const link of links) {
        await callEndpoint(linkBankAccount, {
          params: { id: connectionId, accountId: link.accountId },
          body: link.body,
        })
      }
    },
    onSettled: () => invalidateLedger(queryClient, CONNECTIONS),
  })
}

export function useSyncBankConnection() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(syncBankConnection, { params: { id } }),
    onSettled: () => invalidateLedger(queryClient, CONNECTIONS),
  })
}

export function useDisconnectBank() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteBankConnection, { params: { id } }),
    onSuccess: () => invalidateLedger(queryClient, CONNECTIONS),
  })
}

export function usePlaidLinkToken() {
  return useMutation({
    mutationFn: (connectionId?: string) =>
      callEndpoint(plaidLinkToken, { body: connectionId === undefined ? {} : { connectionId } }),
  })
}
