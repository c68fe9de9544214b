import { describe, expect, it, vi } from 'vitest'

// Spec row 8.11. The universal provider 2.21.0 (the one AppKit 1.7.8 runs) refuses a switch to a chain
// the session did not approve with its own words only when the methods it holds for eip155 lack
// wallet_switchEthereumChain. It holds the methods AppKit proposed, merged with those the wallet
// approved, and AppKit proposes its DEFAULT_METHODS, which include that method, unless the site passes
// createAppKit({ universalProviderConfigOverride: { methods: { eip155: [...] } } }): WcHelpersUtil's
// applyNamespaceOverrides then replaces the proposed list (what the wagmi adapter's UniversalConnector
// hands to provider.connect). This runs AppKit's real namespace builder and the real provider's
// connect and request, with a sign client played by the test (the wallet approves eip155:31337 only).

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

function network(id: number) {
  return {
    id,
    chainNamespace: 'eip155',
    caipNetworkId: `eip155:${id}`,
    name: `Devnet ${id}`,
    rpcUrls: { default: { http: [`http://127.0.0.1:9/${id}`] } },
  }
}

/** The real provider connected through a sign client stand-in; `asked` lists what reached the wallet. */
async function connectedProvider(override: { methods: Record<string, string[]> } | undefined) {
  const { WcHelpersUtil } = await import('@reown/appkit')
  const { default: UniversalProvider } = await import('@walletconnect/universal-provider')
  const proposed: { optionalNamespaces?: Record<string, { methods: string[] }> }[] = []
  const asked: { method: string; chainId: string }[] = []
  const session = {
    topic: 'session-topic',
    namespaces: {
      eip155: {
        chains: ['eip155:31337'],
        accounts: [`eip155:31337:${ACCOUNT}`],
        methods: ['personal_sign', 'eth_sendTransaction'],
        events: [],
      },
    },
  }
  const storage = new Map<string, unknown>()
  const provider = new UniversalProvider({ projectId: 'p', logger: 'silent' } as never) as unknown as {
    client: unknown
    connect(params: { optionalNamespaces: unknown }): Promise<unknown>
    request(args: { method: string; params: unknown[] }): Promise<unknown>
  }
  provider.client = {
    core: {
      projectId: 'p',
      storage: { setItem: async (key: string, value: unknown) => void storage.set(key, value) },
      relayer: { subscriber: { unsubscribe: async () => {} } },
    },
    pairing: { getAll: () => [] },
    on() {},
    session: { get: () => session },
    async connect(params: { optionalNamespaces?: Record<string, { methods: string[] }> }) {
      proposed.push(params)
      return { uri: 'wc:stand-in@2', approval: async () => session }
    },
    async request({ request, chainId }: { request: { method: string }; chainId: string }) {
      asked.push({ method: request.method, chainId })
      throw new Error(`The test wallet does not answer ${request.method}`)
    },
  }
  // As the wagmi adapter's UniversalConnector.connect does (appkit-adapter-wagmi 1.7.8, connectors/UniversalConnector.js).
  const namespaces = WcHelpersUtil.createNamespaces([network(31337), network(31338)] as never, override as never)
  await provider.connect({ optionalNamespaces: namespaces })
  const switchTo = (chainId: number) =>
    provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${chainId.toString(16)}` }] })
  return { proposed: proposed[0]!.optionalNamespaces!.eip155!.methods, asked, switchTo }
}

describe('universal provider 2.21.0: a switch to a chain the session did not approve', () => {
  it('fails with the provider’s own words when the site proposes no wallet_switchEthereumChain, and the wallet is not asked', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { proposed, asked, switchTo } = await connectedProvider({
      methods: { eip155: ['personal_sign', 'eth_sendTransaction'] },
    })
    expect(proposed).toEqual(['personal_sign', 'eth_sendTransaction'])
    await expect(switchTo(31338)).rejects.toThrow(
      "Failed to switch to chain 'eip155:31338'. The chain is not approved or the wallet does not support 'wallet_switchEthereumChain' method.",
    )
    expect(asked).toEqual([])
    // The approved chain still switches, without the wallet.
    await expect(switchTo(31337)).resolves.toBeNull()
    expect(asked).toEqual([])
  })

  it('asks the wallet instead when AppKit proposes its default methods, as Paylink leaves it', async () => {
    const { proposed, asked, switchTo } = await connectedProvider(undefined)
    expect(proposed).toContain('wallet_switchEthereumChain')
    await expect(switchTo(31338)).rejects.toThrow('The test wallet does not answer wallet_switchEthereumChain')
    expect(asked).toEqual([{ method: 'wallet_switchEthereumChain', chainId: 'eip155:31337' }])
  })
})
