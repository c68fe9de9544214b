import { SignClient } from '@walletconnect/sign-client'

type Client = Awaited<ReturnType<typeof SignClient.init>>

/** Storage in memory: the wallet forgets everything when the test ends. */
function memoryStorage() {
  const items = new Map<string, unknown>()
  return {
    getKeys: async () => [...items.keys()],
    getEntries: async <T>() => [...items.entries()] as [string, T][],
    getItem: async <T>(key: string) => items.get(key) as T | undefined,
    setItem: async <T>(key: string, value: T) => void items.set(key, value),
    removeItem: async (key: string) => void items.delete(key),
  }
}

export interface SignClientWallet {
  client: Client
  /** Pairs with a `wc:` URI and approves the proposal with these accounts (CAIP-10). */
  pairAndApprove(uri: string, accounts: string[], options?: { methods?: string[] }): Promise<string>
  close(): Promise<void>
}

/**
 * A WalletConnect wallet played by @walletconnect/sign-client 2.21 over the relay stand-in: it pairs,
 * approves the first proposal with the accounts given and the methods and events proposed, and
 * leaves updating and deleting the session to the test (client.update / client.disconnect).
 */
export async function startSignClientWallet(relayUrl: string): Promise<SignClientWallet> {
  const client = await SignClient.init({
    projectId: '0123456789abcdef0123456789abcdef',
    relayUrl,
    metadata: { name: 'Paylink stand-in wallet', description: 'A WalletConnect wallet for tests', url: 'http://127.0.0.1', icons: [] },
    storage: memoryStorage() as never,
    customStoragePrefix: `stand-in-wallet-${Date.now()}`,
    telemetryEnabled: false,
    logger: 'error',
  })
  // The wallet would ask Verify (verify.walletconnect.org) where each proposal comes from; nothing
  // leaves loopback here, so it gets no answer and the proposal's origin stays "UNKNOWN".
  ;(client.core.verify as unknown as { resolve: () => Promise<undefined> }).resolve = async () => undefined
  return {
    client,
    async pairAndApprove(uri, accounts, options = {}) {
      const proposal = new Promise<Parameters<Parameters<Client['once']>[1]>[0]>((resolve) => client.once('session_proposal', resolve as never))
      await client.core.pairing.pair({ uri })
      const { id, params } = (await proposal) as unknown as {
        id: number
        params: { requiredNamespaces: Record<string, { methods?: string[]; events?: string[] }>; optionalNamespaces: Record<string, { methods?: string[]; events?: string[] }> }
      }
      const proposed = { ...params.optionalNamespaces, ...params.requiredNamespaces }
      const namespaces = Object.fromEntries(
        [...new Set(accounts.map((a) => a.split(':')[0]!))].map((ns) => [
          ns,
          {
            accounts,
            chains: [...new Set(accounts.filter((a) => a.startsWith(`${ns}:`)).map((a) => a.split(':').slice(0, 2).join(':')))],
            methods: options.methods ?? proposed[ns]?.methods ?? [],
            events: proposed[ns]?.events ?? [],
          },
        ]),
      )
      const { topic, acknowledged } = await client.approve({ id, namespaces })
      await acknowledged()
      return topic
    },
    async close() {
      await client.core.relayer.transportClose().catch(() => {})
    },
  }
}
