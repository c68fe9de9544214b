import { afterEach, describe, expect, it } from 'vitest'

// Spec row 7.8. The signature-verification POST (`isValidEip1271Signature` in @walletconnect/utils
// 2.21.0) runs only inside WalletConnect's one-click sign-in, which AppKit 1.7.8 starts in
// SIWXUtil.universalProviderAuthenticate (appkit-controllers dist/esm/src/utils/SIWXUtil.js:158-163).
// That function gives up, returning false before it calls the provider's `authenticate`, unless SIWX
// is set and every chain it is handed is eip155. AppKit's WalletConnectConnector.authenticate hands it
// every network the site configured (ChainController.getCaipNetworks()), so Paylink, with eip155,
// solana and bip122 networks, never reaches the call. This runs the real function.

const PAYLINK_CHAINS = [
  'eip155:31337',
  'eip155:31338',
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'bip122:000000000933ea01ad0ee984209779ba',
]

async function authenticateWith(chains: string[], siwxSet = true) {
  const { OptionsController, SIWXUtil } = await import('@reown/appkit-controllers')
  const asked: unknown[] = []
  OptionsController.setSIWX(
    siwxSet
      ? ({
          createMessage: async () => ({
            nonce: 'n',
            domain: 'paylink.test',
            uri: 'http://paylink.test',
            version: '1',
            chainId: chains[0],
            resources: [],
            statement: 's',
          }),
          addSession: async () => {},
          revokeSession: async () => {},
          setSessions: async () => {},
          getSessions: async () => [],
        } as never)
      : undefined,
  )
  const universalProvider = {
    authenticate: async (params: unknown) => {
      asked.push(params)
      // Stops the sign-in here: what follows needs a wallet's answer.
      throw new Error('authenticate reached')
    },
  }
  const outcome = await SIWXUtil.universalProviderAuthenticate({
    universalProvider: universalProvider as never,
    chains: chains as never,
    methods: ['personal_sign'],
  }).catch((error: Error) => error.message)
  return { outcome, asked }
}

describe('AppKit 1.7.8 one-click sign-in (the way to the eip1271 verification POST)', () => {
  afterEach(async () => {
    const { OptionsController } = await import('@reown/appkit-controllers')
    OptionsController.setSIWX(undefined)
  })

  it('is not started for Paylink’s networks: a chain outside eip155 makes universalProviderAuthenticate return false', async () => {
    const { outcome, asked } = await authenticateWith(PAYLINK_CHAINS)
    expect(outcome).toBe(false)
    expect(asked).toEqual([])
  })

  it('is started when every chain is eip155 and SIWX is set, and not without SIWX', async () => {
    const evmOnly = await authenticateWith(['eip155:31337', 'eip155:31338'])
    expect(evmOnly.outcome).toBe('authenticate reached')
    expect(evmOnly.asked).toEqual([
      expect.objectContaining({ chains: ['eip155:31337', 'eip155:31338'], methods: ['personal_sign'] }),
    ])
    const noSiwx = await authenticateWith(['eip155:31337'], false)
    expect(noSiwx).toEqual({ outcome: false, asked: [] })
  })
})
