import type { Network } from '@paylink/shared'
import { parseUnits } from '@paylink/shared'
import { useAppKitAccount, useAppKitProvider } from '@reown/appkit/react'
import { useMutation } from '@tanstack/react-query'
import { createPublicClient, http, toHex, type Address, type Hash } from 'viem'
import type { Eip1193Provider } from './switchEvmChain.js'
import { useRefreshBalances } from './useBalances.js'

export interface SendRequest {
  network: Network
  to: string
  amount: string
}

export interface SendResult {
  hash: string
  network: Network
}

function evmClient(network: Network) {
  return createPublicClient({ transport: http(network.rpcUrl, { retryCount: 0 }) })
}

/** Gas estimation exists on EVM only: the fee in wei for a plain transfer. */
export async function estimateEvmFee(network: Network, from: string, to: string, amount: string): Promise<bigint> {
  const client = evmClient(network)
  const [gas, gasPrice] = await Promise.all([
    client.estimateGas({
      account: from as Address,
      to: to as Address,
      value: parseUnits(amount, network.nativeCurrency.decimals),
    }),
    client.getGasPrice(),
  ])
  return gas * gasPrice
}

type SolanaSender = {
  sendTransaction(tx: unknown, connection: unknown): Promise<string>
}

/** Sends the native coin on eip155 or solana, waits for inclusion, then refreshes balances. */
export function useSendNative(namespace: 'eip155' | 'solana') {
  const { walletProvider } = useAppKitProvider<unknown>(namespace)
  const { address } = useAppKitAccount({ namespace })
  const refresh = useRefreshBalances()
  return useMutation({
    mutationFn: async ({ network, to, amount }: SendRequest): Promise<SendResult> => {
      if (!walletProvider || !address) throw new Error('Connect a wallet first.')
      const value = parseUnits(amount, network.nativeCurrency.decimals)
      if (namespace === 'eip155') {
        const hash = (await (walletProvider as Eip1193Provider).request({
          method: 'eth_sendTransaction',
          params: [{ from: address, to, value: toHex(value) }],
        })) as Hash
        await evmClient(network).waitForTransactionReceipt({ hash, timeout: 60_000 })
        return { hash, network }
      }
      const web3 = await import('@solana/web3.js')
      const connection = new web3.Connection(network.rpcUrl, 'confirmed')
      const from = new web3.PublicKey(address)
      const tx = new web3.Transaction().add(
        web3.SystemProgram.transfer({ fromPubkey: from, toPubkey: new web3.PublicKey(to), lamports: value }),
      )
      tx.feePayer = from
      tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash
      const hash = await (walletProvider as SolanaSender).sendTransaction(tx, connection)
      return { hash, network }
    },
    onSettled: () => refresh(),
  })
}
