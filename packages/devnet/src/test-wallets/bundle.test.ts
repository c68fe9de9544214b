import vm from 'node:vm'
import { describe, expect, it } from 'vitest'

import { deriveBitcoinTestAddresses } from './bitcoin.js'
import { buildTestWalletBundle } from './bundle.js'
import { solanaTestAddress } from './solana.js'

const solanaSeed = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60'
const bitcoinSeed = '000102030405060708090a0b0c0d0e0f'

type Handle = { refuseNext(method?: string): void; provider: { request(args: { method: string }): Promise<unknown> } }

describe('buildTestWalletBundle', () => {
  it('builds one IIFE, cached per process', async () => {
    const code = await buildTestWalletBundle()
    expect(code.length).toBeGreaterThan(1000)
    expect(code.trimStart().startsWith('"use strict";\n(() => {') || code.trimStart().startsWith('(() => {')).toBe(true)
    expect(code).not.toMatch(/\brequire\(/)
    // Every codec comes from @scure/* and @noble/*, which need no Node Buffer in the page.
    expect(code).not.toMatch(/\bBuffer\b/)
    expect(await buildTestWalletBundle()).toBe(code)
  }, 30_000)

  it('installs the evm, solana and bitcoin wallets when evaluated in a browser-like context (no Buffer)', async () => {
    const code = await buildTestWalletBundle()
    const window = Object.assign(new EventTarget(), {
      __paylinkTestWalletConfig: {
        evm: { chains: [{ chainId: 31337, name: 'Paylink Devnet', rpcUrl: 'http://127.0.0.1:1' }] },
        solana: {
          rpcUrl: 'http://127.0.0.1:1',
          chains: ['solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'],
          secretKeySeedHex: solanaSeed,
        },
        bitcoin: { network: 'testnet', seedHex: bitcoinSeed },
      },
    }) as EventTarget & {
      __testWallets?: {
        evm?: Handle
        solana?: { address: string }
        bitcoin?: { paymentAddress: string; ordinalsAddress: string }
      }
    }
    const announced: Array<{ info: { name: string } }> = []
    window.addEventListener('eip6963:announceProvider', (event) => announced.push((event as CustomEvent).detail))
    const context = vm.createContext({
      window,
      EventTarget,
      Event,
      CustomEvent,
      TextEncoder,
      TextDecoder,
      URL,
      crypto,
      fetch,
      console,
      setTimeout,
      clearTimeout,
      queueMicrotask,
      btoa,
      atob,
      Uint8Array,
    })
    vm.runInContext(code, context)
    const evm = window.__testWallets?.evm
    expect(evm).toBeDefined()
    expect(typeof evm!.refuseNext).toBe('function')
    expect(await evm!.provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(announced.map((d) => d.info.name)).toEqual(['Paylink Test Wallet'])
    expect(window.__testWallets?.solana?.address).toBe(solanaTestAddress(solanaSeed))
    const bitcoin = deriveBitcoinTestAddresses(bitcoinSeed, 'testnet')
    expect(window.__testWallets?.bitcoin).toMatchObject({
      paymentAddress: bitcoin.payment.address,
      ordinalsAddress: bitcoin.ordinals.address,
    })
  }, 30_000)
})
