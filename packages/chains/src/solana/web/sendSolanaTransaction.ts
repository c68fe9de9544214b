import { base58 } from '@scure/base'
import { solanaRpc } from './solanaRpc.js'

/** The Wallet Standard names of the clusters wallets know; any other chain goes by its CAIP-2 id. */
const walletStandardChains: Record<string, string> = {
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': 'solana:devnet',
  'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
}

type StandardSignAndSend = {
  signAndSendTransaction(input: {
    account: unknown
    chain: string
    transaction: Uint8Array
  }): Promise<Array<{ signature: Uint8Array }>>
}
/** AppKit's Wallet Standard provider keeps the wallet it wraps here. */
type WithStandardWallet = { wallet?: { accounts: readonly unknown[]; features: Record<string, unknown> } }
type ToolkitSolanaProvider = { signAndSendTransaction(transaction: unknown): Promise<string> }

/**
 * Has the connected wallet sign and send an unsigned wire transaction; resolves to its signature.
 * A Wallet Standard wallet is asked directly with the network's chain id: AppKit's own provider
 * only knows mainnet, devnet and testnet, and refuses any other network ('Invalid chain id'),
 * the demo's devnet included. Other providers (WalletConnect) get a web3.js transaction.
 */
export async function sendSolanaTransaction(
  walletProvider: unknown,
  caipNetworkId: string,
  transaction: Uint8Array,
): Promise<string> {
  const standard = (walletProvider as WithStandardWallet).wallet
  const feature = standard?.features['solana:signAndSendTransaction'] as StandardSignAndSend | undefined
  if (standard && feature && standard.accounts[0]) {
    const [result] = await feature.signAndSendTransaction({
      account: standard.accounts[0],
      chain: walletStandardChains[caipNetworkId] ?? caipNetworkId,
      transaction,
    })
    if (!result) throw new Error('The wallet sent nothing back.')
    return base58.encode(result.signature)
  }
  const { VersionedTransaction } = await import('@solana/web3.js')
  return (walletProvider as ToolkitSolanaProvider).signAndSendTransaction(VersionedTransaction.deserialize(transaction))
}

/** Waits until the signature is `confirmed` (polling getSignatureStatuses); throws if it failed or never lands. */
export async function waitForSolanaSignature(
  rpcUrl: string,
  signature: string,
  { timeoutMs = 60_000, intervalMs = 400 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const { value } = await solanaRpc<{ value: Array<{ err: unknown; confirmationStatus: string | null } | null> }>(
      rpcUrl,
      'getSignatureStatuses',
      [[signature]],
    )
    const status = value[0]
    if (status?.err) throw new Error(`The transaction failed on chain: ${JSON.stringify(status.err)}`)
    if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) return
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
  throw new Error(`The transaction ${signature} was not confirmed within ${Math.round(timeoutMs / 1000)} s.`)
}
