import { describe, expect, it, vi } from 'vitest'
import { unreachableDevnet } from '../../appkit/testing/unreachableDevnet.js'

// Spec row 8.5. AppKit 1.7.8's estimateGas throws "CaipNetwork is undefined" only when it holds no
// active network and was given no defaultNetwork. This runs the real client to show the guard in
// front of that error: createAppKit needs at least one network and makes the first one active at
// start, and no call a site can make unsets it.
describe('AppKit 1.7.8 and "CaipNetwork is undefined"', () => {
  it('holds a network from its start and keeps it, so estimateGas meets the error only when its state is emptied by hand', async () => {
    // Nothing leaves the machine: Reown's config fetch fails at once, as offline.
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('fetch failed: this test is offline')))
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { createAppKit } = await import('@reown/appkit')
    const { WagmiAdapter } = await import('@reown/appkit-adapter-wagmi')
    const { ChainController, ConnectionController } = await import('@reown/appkit-controllers')
    const network = await unreachableDevnet()
    const kit = createAppKit({
      adapters: [new WagmiAdapter({ networks: [network], projectId: '' })],
      networks: [network],
      projectId: '',
      features: { analytics: false, email: false, socials: false },
    })
    await kit.ready()
    // No account yet, no defaultNetwork passed: the first network is active.
    expect(kit.getCaipNetwork()?.caipNetworkId).toBe('eip155:31337')
    // The one setter a site reaches ignores "no network".
    ChainController.setActiveCaipNetwork(undefined)
    expect(kit.getCaipNetwork()?.caipNetworkId).toBe('eip155:31337')
    const estimate = () =>
      ConnectionController._getClient()!.estimateGas({
        chainNamespace: 'eip155',
        address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        to: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        data: '0x',
      })
    await expect(estimate()).rejects.not.toThrow('CaipNetwork is undefined')

    // Behind the guard, the error is there: emptying the state by hand (no site can) reaches it.
    ChainController.state.activeCaipNetwork = undefined
    await expect(estimate()).rejects.toThrow('CaipNetwork is undefined')
  })
})
