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

/** The reason a wallet gives when its user refuses (`getSdkError('USER_REJECTED')` in @walletconnect/utils 2.21). */
export const USER_REJECTED = { code: 5000, message: 'User rejected.' }

/** Where a session proposal came from, as the wallet's core resolved it with Verify. */
export interface VerifiedOrigin {
  origin: string
  validation: 'VALID' | 'INVALID' | 'UNKNOWN'
  isScam?: boolean
}

export interface SignClientWalletOptions {
  /** Verify's base URL (`…/v3`) on loopback; without one the wallet asks no Verify and every origin is "UNKNOWN". */
  verifyUrlV3?: string
  /** The wallet's answers to session requests, by method; any other method is refused. */
  answers?: Record<string, unknown>
}

export interface SignClientWallet {
  client: Client
  /** Pairs with a `wc:` URI and approves the proposal with these accounts (CAIP-10). */
  pairAndApprove(
    uri: string,
    accounts: string[],
    options?: { methods?: string[]; sessionProperties?: Record<string, string> },
  ): Promise<string>
  /** Pairs with a `wc:` URI and rejects the proposal with `reason` (by default the SDK's USER_REJECTED). */
  pairAndReject(uri: string, reason?: { code: number; message: string }): Promise<void>
  /** The Verify context of the last proposal the wallet received. */
  verified(): VerifiedOrigin | undefined
  /** Every session request the wallet received, in order. */
  requests: { method: string; chainId: string; params: unknown }[]
  close(): Promise<void>
}

/**
 * A WalletConnect wallet played by @walletconnect/sign-client 2.21 over the relay stand-in: it pairs,
 * approves the first proposal with the accounts given and the methods and events proposed (or rejects it), answers
 * session requests from `answers`, and leaves updating and deleting the session to the test
 * (client.update / client.disconnect).
 */
export async function startSignClientWallet(
  relayUrl: string,
  { verifyUrlV3, answers = {} }: SignClientWalletOptions = {},
): Promise<SignClientWallet> {
  const client = await SignClient.init({
    projectId: '0123456789abcdef0123456789abcdef',
    relayUrl,
    metadata: {
      name: 'Paylink stand-in wallet',
      description: 'A WalletConnect wallet for tests',
      url: 'http://127.0.0.1',
      icons: [],
    },
    storage: memoryStorage() as never,
    customStoragePrefix: `stand-in-wallet-${Date.now()}`,
    telemetryEnabled: false,
    logger: 'error',
  })
  const verify = client.core.verify as unknown as {
    verifyUrlV3: string
    resolve: () => Promise<undefined>
    fetchAttestation: () => Promise<undefined>
  }
  if (verifyUrlV3) {
    // The wallet checks the page's attestation with the Verify stand-in's key.
    verify.verifyUrlV3 = verifyUrlV3
    // Its fallback, the v1 lookup by hash, may only go to Reown's hosts (getVerifyUrl), beyond loopback.
    verify.fetchAttestation = async () => undefined
  } else {
    // Without a stand-in the wallet asks no Verify: nothing leaves loopback, the origin stays "UNKNOWN".
    verify.resolve = async () => undefined
  }
  let verified: VerifiedOrigin | undefined
  const requests: SignClientWallet['requests'] = []
  client.on('session_request', ({ id, topic, params }) => {
    const { method, params: requestParams } = params.request
    requests.push({ method, chainId: params.chainId, params: requestParams })
    const response =
      method in answers
        ? { id, jsonrpc: '2.0', result: answers[method] }
        : { id, jsonrpc: '2.0', error: { code: 5101, message: `The stand-in wallet does not answer ${method}` } }
    void client.respond({ topic, response: response as never })
  })
  return {
    client,
    async pairAndApprove(uri, accounts, options = {}) {
      const proposal = new Promise<Parameters<Parameters<Client['once']>[1]>[0]>((resolve) =>
        client.once('session_proposal', resolve as never),
      )
      await client.core.pairing.pair({ uri })
      const { id, params, verifyContext } = (await proposal) as unknown as {
        id: number
        verifyContext: { verified: VerifiedOrigin }
        params: {
          requiredNamespaces: Record<string, { methods?: string[]; events?: string[] }>
          optionalNamespaces: Record<string, { methods?: string[]; events?: string[] }>
        }
      }
      const proposed = { ...params.optionalNamespaces, ...params.requiredNamespaces }
      const namespaces = Object.fromEntries(
        [...new Set(accounts.map((a) => a.split(':')[0]!))].map((ns) => [
          ns,
          {
            accounts,
            chains: [
              ...new Set(accounts.filter((a) => a.startsWith(`${ns}:`)).map((a) => a.split(':').slice(0, 2).join(':'))),
            ],
            methods: options.methods ?? proposed[ns]?.methods ?? [],
            events: proposed[ns]?.events ?? [],
          },
        ]),
      )
      verified = verifyContext.verified
      const { topic, acknowledged } = await client.approve({
        id,
        namespaces,
        ...(options.sessionProperties ? { sessionProperties: options.sessionProperties } : {}),
      })
      await acknowledged()
      return topic
    },
    async pairAndReject(uri, reason = USER_REJECTED) {
      const proposal = new Promise<{ id: number; verifyContext: { verified: VerifiedOrigin } }>((resolve) =>
        client.once('session_proposal', resolve as never),
      )
      await client.core.pairing.pair({ uri })
      const { id, verifyContext } = await proposal
      verified = verifyContext.verified
      await client.reject({ id, reason })
    },
    verified: () => verified,
    requests,
    async close() {
      await client.core.relayer.transportClose().catch(() => {})
    },
  }
}
