import type { Network } from '@paylink/shared'
import { parseUnits } from '@paylink/shared'
import { useAppKitAccount, useAppKitProvider } from '@reown/appkit/react'
import { useMutation } from '@tanstack/react-query'
import { publicClientFor } from './publicClient.js'
import { useRefreshBalances } from './useBalances.js'
import { useSendTransfer } from './useSendTransfer.js'

export interface SendRequest {
  network: Network
  to: string
  amount: string
}

export interface SendResult {
  hash: string
  network: Network
}

type SolanaSender = {
  sendTransaction(tx: unknown, connection: unknown): Promise<string>
}

/**
 * Sends the native coin on eip155 (through wagmi) or solana (through the toolkit's provider),
 * waits for inclusion on EVM, then refreshes balances.
 */
export function useSendNative(namespace: 'eip155' | 'solana') {
  const { walletProvider } = useAppKitProvider<unknown>(namespace)
  const { address } = useAppKitAccount({ namespace })
  const sendTransfer = useSendTransfer()
  const refresh = useRefreshBalances()
  return useMutation({
    mutationFn: async ({ network, to, amount }: SendRequest): Promise<SendResult> => {
      if (!walletProvider || !address) throw new Error('Connect a wallet first.')
      const value = parseUnits(amount, network.nativeCurrency.decimals)
      if (namespace === 'eip155') {
        const hash = await sendTransfer({ network, from: address, to, amount: value })
        await publicClientFor(network).waitForTransactionReceipt({ hash, timeout: 60_000 })
        return { hash, network }
      }
      const web3 = await import('@solana/web3.js')
      const connection = new web3.Connection(network.rpcUrl, 'confirmed')
      const from = new web3.PublicKey(address)
      const tx = new web3.Transaction().add(web3.SystemProgram.transfer({ fromPubkey: from, toPubkey: new web3.PublicKey(to), lamports: value }))
      tx.feePayer = from
      tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
      const hash = await (walletProvider as SolanaSender).sendTransaction(tx, connection)
      return { hash, network }
    },
    onSettled: () => refresh(),
  })
}
