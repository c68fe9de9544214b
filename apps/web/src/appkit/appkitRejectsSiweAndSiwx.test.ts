import { describe, expect, it } from 'vitest'
import { unreachableDevnet } from './testing/unreachableDevnet.js'

// AppKit's own check runs inside its asynchronous start: createAppKit returns, and the start
// promise (ready()) rejects. This runs the real 1.7.8 client with an EVM adapter to prove it.
describe('AppKit 1.7.8 with both siweConfig and siwx', () => {
  it("rejects its start with the spec's words", async () => {
    const { createAppKit } = await import('@reown/appkit')
    const { WagmiAdapter } = await import('@reown/appkit-adapter-wagmi')
    const network = await unreachableDevnet()
    const siwx = {
      createMessage: async () => ({}),
      addSession: async () => {},
      revokeSession: async () => {},
      setSessions: async () => {},
      getSessions: async () => [],
    }
    const kit = createAppKit({
      adapters: [new WagmiAdapter({ networks: [network], projectId: '0123456789abcdef0123456789abcdef' })],
      networks: [network],
      projectId: '0123456789abcdef0123456789abcdef',
      features: { analytics: false, email: false, socials: false },
      siwx: siwx as never,
      siweConfig: { options: {}, mapToSIWX: () => siwx } as never,
    })
    await expect(kit.ready()).rejects.toThrow('Cannot set both `siweConfig` and `siwx` options')
  })
})
