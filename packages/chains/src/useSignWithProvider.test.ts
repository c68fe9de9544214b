// The web faces' message signers over a stand-in toolkit: React's useCallback and AppKit's hooks
// are replaced, so each hook runs as a plain function (no renderer in this package).
import { base58 } from '@scure/base'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const toolkit = vi.hoisted(() => ({
  providers: {} as Record<string, unknown>,
  addresses: {} as Record<string, string | undefined>,
}))
vi.mock('react', () => ({ useCallback: <T>(callback: T) => callback }))
vi.mock('@reown/appkit/react', () => ({
  useAppKitProvider: (namespace: string) => ({ walletProvider: toolkit.providers[namespace] }),
  useAppKitAccount: ({ namespace }: { namespace: string }) => ({ address: toolkit.addresses[namespace] }),
}))

const { useSignBitcoinMessage } = await import('./bip122/web/useSignBitcoinMessage.js')
const { useSignSolanaMessage } = await import('./solana/web/useSignSolanaMessage.js')

beforeEach(() => {
  toolkit.providers = {}
  toolkit.addresses = {}
})

describe('useSignWithProvider', () => {
  it("Bitcoin: the toolkit's bip122 provider signs the text for the connected address", async () => {
    const signMessage = vi.fn(async () => 'c2lnbmF0dXJl')
    toolkit.providers.bip122 = { signMessage }
    toolkit.addresses.bip122 = 'bcrt1qpayer'
    expect(await useSignBitcoinMessage()('Sign in')).toBe('c2lnbmF0dXJl')
    expect(signMessage).toHaveBeenCalledWith({ address: 'bcrt1qpayer', message: 'Sign in' })
  })

  it("Solana: the toolkit's solana provider signs the text's bytes; the signature comes back in base58", async () => {
    const signMessage = vi.fn(async () => Uint8Array.of(1, 2, 3))
    toolkit.providers.solana = { signMessage }
    toolkit.addresses.solana = 'Payer111'
    expect(await useSignSolanaMessage()('Sign in')).toBe(base58.encode(Uint8Array.of(1, 2, 3)))
    expect(signMessage).toHaveBeenCalledWith(new TextEncoder().encode('Sign in'))
  })

  it('refuses before a wallet of that family is connected, without asking any provider', async () => {
    const signMessage = vi.fn()
    toolkit.providers.bip122 = { signMessage }
    toolkit.addresses.solana = 'Payer111'
    await expect(useSignBitcoinMessage()('Sign in')).rejects.toThrow('Connect a wallet first.')
    await expect(useSignSolanaMessage()('Sign in')).rejects.toThrow('Connect a wallet first.')
    expect(signMessage).not.toHaveBeenCalled()
  })
})
