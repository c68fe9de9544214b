import { useSignWithProvider } from '../../useSignWithProvider.js'

type BitcoinSigner = { signMessage(p: { address: string; message: string }): Promise<string> }

const signWith = (provider: BitcoinSigner, address: string, message: string) =>
  provider.signMessage({ address, message })

/** Signs a text message with the connected Bitcoin wallet (through the toolkit's provider); the signature in base64. */
export function useSignBitcoinMessage() {
  return useSignWithProvider('bip122', signWith)
}
