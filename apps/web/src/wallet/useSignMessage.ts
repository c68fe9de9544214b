import { webFamilyOf, type WebNamespace } from '@paylink/chains/web'
import { useMutation } from '@tanstack/react-query'
import { useWebToolkit } from './useWebToolkit.js'

/**
 * Signs a text message with the connected wallet of one namespace and returns the signature as
 * that ecosystem writes it: hex (EVM, through wagmi's personal_sign), base58 (Solana), base64
 * (Bitcoin), the last two through the toolkit's provider for the namespace.
 */
export function useSignMessage(namespace: WebNamespace) {
  const sign = webFamilyOf(namespace).useSignMessage(useWebToolkit())
  return useMutation({ mutationFn: sign })
}
