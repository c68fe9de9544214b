import vm from 'node:vm'
import { describe, expect, it } from 'vitest'

import { buildTestWalletBundle } from './bundle.js'

type Handle = { refuseNext(method?: string): void; provider: { request(args: { method: string }): Promise<unknown> } }

describe('buildTestWalletBundle', () => {
  it('builds one IIFE, cached per process', async () => {
    const code = await buildTestWalletBundle()
    expect(code.length).toBeGreaterThan(1000)
    expect(code.trimStart().startsWith('"use strict";\n(() => {') || code.trimStart().startsWith('(() => {')).toBe(true)
    expect(code).not.toMatch(/\brequire\(/)
    expect(await buildTestWalletBundle()).toBe(code)
  }, 30_000)

  it('installs window.__testWallets.evm when evaluated in a browser-like context', async () => {
    const code = await buildTestWalletBundle()
    const window = Object.assign(new EventTarget(), {
      __paylinkTestWalletConfig: {
        evm: { chains: [{ chainId: 31337, name: 'Paylink Devnet', rpcUrl: 'http://127.0.0.1:1' }] },
      },
    }) as EventTarget & { __testWallets?: { evm?: Handle } }
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
    // The Buffer shim is installed for bitcoinjs-style code.
    expect(typeof (context as { Buffer?: unknown }).Buffer).toBe('function')
  }, 30_000)
})
