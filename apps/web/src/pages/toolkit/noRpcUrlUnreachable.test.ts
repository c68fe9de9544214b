import { describe, expect, it } from 'vitest'

// Spec row 8.10. WalletConnect's universal provider 2.21.0 (the one AppKit 1.7.8 runs) throws
// "No RPC url provided for chainId: …" only when it finds no URL for an approved chain. It looks the
// chain up in the rpcMap AppKit sends and otherwise builds Reown's RPC URL for it, which is never
// empty. This gives the real provider a session with a chain no rpcMap names and shows it gets
// Reown's URL instead of the error.
describe('universal provider 2.21.0 and "No RPC url provided"', () => {
  it('builds Reown’s RPC URL for an approved chain no rpcMap names, so the error is never reached', async () => {
    const { default: UniversalProvider } = await import('@walletconnect/universal-provider')
    const provider = new UniversalProvider({ projectId: 'p', logger: 'silent' } as never) as unknown as {
      client: unknown
      session: unknown
      namespaces: unknown
      optionalNamespaces: unknown
      createProviders(): void
      getProvider(namespace: string): { httpProviders: Record<string, { connection: { url: string } }> }
    }
    provider.client = { core: { projectId: 'p' }, on() {}, session: { get() {} } }
    provider.namespaces = {
      eip155: {
        chains: ['eip155:31337'],
        methods: ['personal_sign'],
        events: [],
        rpcMap: { 31337: 'http://127.0.0.1:8545' },
      },
    }
    provider.optionalNamespaces = {}
    provider.session = {
      topic: 't',
      namespaces: {
        eip155: {
          accounts: [
            'eip155:31337:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
            'eip155:99999:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
          ],
          methods: [],
          events: [],
        },
      },
    }
    expect(() => provider.createProviders()).not.toThrow()
    const http = provider.getProvider('eip155').httpProviders
    expect(http[31337]!.connection.url).toBe('http://127.0.0.1:8545')
    expect(http[99999]!.connection.url).toBe('https://rpc.walletconnect.org/v1/?chainId=eip155:99999&projectId=p')
  })
})
