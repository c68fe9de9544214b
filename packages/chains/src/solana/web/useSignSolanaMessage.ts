import { base58 } from '@scure/base'
import { useSignWithProvider } from '../../useSignWithProvider.js'

type SolanaSigner = { signMessage(message: Uint8Array): Promise<Uint8Array> }

const signWith = async (provider: SolanaSigner, _address: string, message: string) =>
  base58.encode(await provider.signMessage(new TextEncoder().encode(message)))

/** Signs a text message with the connected Solana wallet (through the toolkit's provider); the signature in base58. */
export function useSignSolanaMessage() {
  return useSignWithProvider('solana', signWith)
}
