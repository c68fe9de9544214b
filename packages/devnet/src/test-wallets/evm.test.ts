import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { startDevnet, type Devnet } from '../devnet.js'
import { installEvmTestWallet, type EvmTestWalletHandle } from './evm.js'

const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const g = globalThis as { window?: unknown }

describe('installEvmTestWallet', () => {
  let devnet: Devnet
  let wallet: EvmTestWalletHandle
  let announced: Array<{ info: { name: string; rdns: string; uuid: string; icon: string }; provider: unknown }>
  let fakeWindow: EventTarget & { __testWallets?: { evm?: EvmTestWalletHandle } }

  beforeAll(async () => {
    devnet = await startDevnet()
  })
  afterAll(async () => {
    delete g.window
    await devnet?.stop()
  })
  beforeEach(() => {
    fakeWindow = new EventTarget()
    g.window = fakeWindow
    announced = []
    fakeWindow.addEventListener('eip6963:announceProvider', (event) => announced.push((event as CustomEvent).detail))
    wallet = installEvmTestWallet({ chains: devnet.chains })
  })

  const request = (method: string, params?: unknown[]) => wallet.provider.request({ method, params })

  it('exposes window.__testWallets.evm and announces itself over EIP-6963', () => {
    expect(fakeWindow.__testWallets?.evm).toBe(wallet)
    expect(announced).toHaveLength(1)
    expect(announced[0]!.info).toMatchObject({ name: 'Paylink Test Wallet', rdns: 'dev.paylink.testwallet' })
    expect(announced[0]!.info.icon).toMatch(/^data:image\/svg\+xml,/)
    expect(announced[0]!.provider).toBe(wallet.provider)
    fakeWindow.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(announced).toHaveLength(2)
    expect(announced[1]!.info.uuid).toBe(announced[0]!.info.uuid)
    expect(installEvmTestWallet({ chains: devnet.chains })).toBe(wallet)
  })

  it('refuseNext(method) fails that request once with 4001, then it works; requests are logged', async () => {
    wallet.refuseNext('eth_requestAccounts')
    await expect(request('eth_requestAccounts')).rejects.toMatchObject({
      code: 4001,
      message: 'User rejected the request.',
    })
    expect(await request('eth_requestAccounts')).toEqual([ACCOUNT_0])
    expect(wallet.requests.map((r) => r.method)).toEqual(['eth_requestAccounts', 'eth_requestAccounts'])
  })

  it('refuseNext() without a method skips background reads and refuses the next prompt', async () => {
    await request('eth_requestAccounts')
    wallet.refuseNext()
    expect(await request('eth_chainId')).toBe('0x7a69')
    expect(await request('eth_blockNumber')).toMatch(/^0x/)
    await expect(request('personal_sign', ['0x6869', ACCOUNT_0])).rejects.toMatchObject({ code: 4001 })
    expect(await request('personal_sign', ['0x6869', ACCOUNT_0])).toMatch(/^0x[0-9a-f]{130}$/)
  })

  it('failSwitchWith(4902, { addFails: true }) fails the switch, then the add with 4001', async () => {
    wallet.failSwitchWith(4902, { addFails: true })
    await expect(request('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).rejects.toMatchObject({ code: 4902 })
    const add = [{ chainId: '0x7a6a', chainName: 'Paylink Devnet L2', rpcUrls: [devnet.chains[1]!.rpcUrl] }]
    await expect(request('wallet_addEthereumChain', add)).rejects.toMatchObject({ code: 4001 })
    expect(await request('eth_chainId')).toBe('0x7a69')
    // Only once: the next switch goes through.
    expect(await request('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toBeNull()
    expect(await request('eth_chainId')).toBe('0x7a6a')
  })

  it('failSwitchWith(4902) without addFails: the add that follows succeeds and lands on the chain', async () => {
    wallet.failSwitchWith(4902)
    await expect(request('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).rejects.toMatchObject({ code: 4902 })
    await request('wallet_addEthereumChain', [
      { chainId: '0x7a6a', chainName: 'L2', rpcUrls: [devnet.chains[1]!.rpcUrl] },
    ])
    expect(await request('eth_chainId')).toBe('0x7a6a')
  })

  it('holdNextSwitch() keeps the switch pending until releaseSwitch()', async () => {
    const changes: string[] = []
    wallet.provider.on('chainChanged', (id) => changes.push(id))
    wallet.holdNextSwitch()
    let settled = false
    const pending = request('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }]).finally(() => (settled = true))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(settled).toBe(false)
    expect(await request('eth_chainId')).toBe('0x7a69')
    wallet.releaseSwitch()
    expect(await pending).toBeNull()
    expect(changes).toEqual(['0x7a6a'])
    expect(await request('eth_chainId')).toBe('0x7a6a')

    wallet.holdNextSwitch()
    const refused = request('wallet_switchEthereumChain', [{ chainId: '0x7a69' }])
    await new Promise((resolve) => setTimeout(resolve, 10))
    wallet.releaseSwitch({ refuse: true })
    await expect(refused).rejects.toMatchObject({ code: 4001 })
  })

  it('walletSwitchChain(999) moves the wallet to a chain it does not know', async () => {
    const changes: string[] = []
    wallet.provider.on('chainChanged', (id) => changes.push(id))
    wallet.walletSwitchChain(999)
    expect(changes).toEqual(['0x3e7'])
    expect(await request('eth_chainId')).toBe('0x3e7')
    await expect(request('eth_blockNumber')).rejects.toMatchObject({ code: 4901 })
    wallet.walletSwitchChain(1)
    expect(await request('eth_chainId')).toBe('0x1')
  })

  it('walletDisconnect() emits accountsChanged [] and disconnect', async () => {
    await request('eth_requestAccounts')
    const events: unknown[] = []
    wallet.provider.on('accountsChanged', (accounts) => events.push(['accountsChanged', accounts]))
    wallet.provider.on('disconnect', (error) => events.push(['disconnect', error.code]))
    wallet.walletDisconnect()
    expect(events).toEqual([
      ['accountsChanged', []],
      ['disconnect', 4900],
    ])
    expect(await request('eth_accounts')).toEqual([])
  })
})
