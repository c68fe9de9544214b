import { createPublicClient, http, parseEther, verifyMessage, verifyTypedData, type Address, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startAnvil, type StartAnvilReturnType } from '@paylink/chains/eip155/devnet'
import { startDevnet, type Devnet } from '../devnet.js'
import { createDevWalletProvider } from '@paylink/chains/eip155/devnet/wallet'
import type { DevWalletStorage } from '@paylink/chains/eip155/devnet/wallet'

function memoryStorage(): DevWalletStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) }
}

const ACCOUNT_0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('createDevWalletProvider against anvil', () => {
  let devnet: Devnet
  let extra: StartAnvilReturnType
  beforeAll(async () => {
    ;[devnet, extra] = await Promise.all([startDevnet(), startAnvil({ chainId: 31339 })])
  })
  afterAll(async () => {
    await Promise.all([devnet?.stop(), extra?.stop()])
  })

  const make = (storage = memoryStorage()) => createDevWalletProvider({ chains: devnet.chains, storage })

  it('is disconnected until eth_requestAccounts, then remembers the connection', async () => {
    const storage = memoryStorage()
    const provider = make(storage)
    const changes: unknown[] = []
    const connects: unknown[] = []
    provider.on('accountsChanged', (accounts) => changes.push(accounts))
    provider.on('connect', (info) => connects.push(info))

    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([ACCOUNT_0])
    expect(changes).toEqual([[ACCOUNT_0]])
    expect(connects).toEqual([{ chainId: '0x7a69' }])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([ACCOUNT_0])

    // A "reload": a new provider over the same storage is connected at once.
    const reloaded = make(storage)
    expect(await reloaded.request({ method: 'eth_accounts' })).toEqual([ACCOUNT_0])
  })

  it('refuses to sign before connecting (4100)', async () => {
    const provider = make()
    await expect(provider.request({ method: 'personal_sign', params: ['0x68690a', ACCOUNT_0] })).rejects.toMatchObject({
      code: 4100,
    })
  })

  it('personal_sign and eth_signTypedData_v4 signatures verify', async () => {
    const provider = make()
    await provider.request({ method: 'eth_requestAccounts' })
    const message = 'Paylink dev wallet test'
    const messageHex = `0x${Buffer.from(message).toString('hex')}`
    const signature = (await provider.request({ method: 'personal_sign', params: [messageHex, ACCOUNT_0] })) as Hex
    expect(await verifyMessage({ address: ACCOUNT_0, message, signature })).toBe(true)

    const typedData = {
      domain: { name: 'Paylink', version: '1', chainId: 31337, verifyingContract: devnet.token.address },
      types: {
        Payment: [
          { name: 'to', type: 'address' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'Payment',
      message: { to: ACCOUNT_1, amount: 1_000_000n },
    } as const
    const json = JSON.stringify({
      ...typedData,
      types: {
        ...typedData.types,
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
      },
      message: { to: ACCOUNT_1, amount: '1000000' },
    })
    const typedSignature = (await provider.request({
      method: 'eth_signTypedData_v4',
      params: [ACCOUNT_0, json],
    })) as Hex
    expect(await verifyTypedData({ address: ACCOUNT_0, signature: typedSignature, ...typedData })).toBe(true)

    await expect(provider.request({ method: 'personal_sign', params: [messageHex, ACCOUNT_1] })).rejects.toMatchObject({
      code: 4100,
    })
  })

  it('eth_sendTransaction of 0.1 ETH moves the balances', async () => {
    const provider = make()
    await provider.request({ method: 'eth_requestAccounts' })
    const client = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    const before = await client.getBalance({ address: ACCOUNT_1 })
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: ACCOUNT_0, to: ACCOUNT_1, value: `0x${parseEther('0.1').toString(16)}` }],
    })) as Hex
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe('success')
    expect(await client.getBalance({ address: ACCOUNT_1 })).toBe(before + parseEther('0.1'))
    expect(await client.getBalance({ address: ACCOUNT_0 })).toBeLessThan(parseEther('9999.9'))
  })

  it('switches to a known chain with chainChanged, and answers 4902 for an unknown one', async () => {
    const storage = memoryStorage()
    const provider = make(storage)
    await provider.request({ method: 'eth_requestAccounts' })
    const chainChanges: string[] = []
    provider.on('chainChanged', (chainId) => chainChanges.push(chainId))

    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })).toBeNull()
    expect(chainChanges).toEqual(['0x7a6a'])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    // Forwarded reads now go to the L2 node: no TUSD contract there.
    expect(await provider.request({ method: 'eth_getCode', params: [devnet.token.address, 'latest'] })).toBe('0x')
    // The chain survives a reload.
    expect(await make(storage).request({ method: 'eth_chainId' })).toBe('0x7a6a')

    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    ).rejects.toMatchObject({ code: 4902 })
    expect(chainChanges).toEqual(['0x7a6a'])
  })

  it('adds a chain with its rpcUrls; switching to it then works and reads go to its node', async () => {
    const provider = make()
    await provider.request({ method: 'eth_requestAccounts' })
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6b' }] }),
    ).rejects.toMatchObject({ code: 4902 })
    expect(
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId: '0x7a6b',
            chainName: 'Extra',
            rpcUrls: [extra.rpcUrl],
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          },
        ],
      }),
    ).toBeNull()
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a69' }] })
    expect(await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6b' }] })).toBeNull()
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6b')
    const extraClient = createPublicClient({ transport: http(extra.rpcUrl) })
    await extraClient.request({ method: 'anvil_setBalance' as never, params: [ACCOUNT_1, '0x2a'] as never })
    expect(await provider.request({ method: 'eth_getBalance', params: [ACCOUNT_1, 'latest'] })).toBe('0x2a')
  })

  it('permissions: request, get, revoke (emits accountsChanged [])', async () => {
    const provider = make()
    const changes: unknown[] = []
    provider.on('accountsChanged', (accounts) => changes.push(accounts))
    expect(await provider.request({ method: 'wallet_getPermissions' })).toEqual([])
    const granted = (await provider.request({
      method: 'wallet_requestPermissions',
      params: [{ eth_accounts: {} }],
    })) as Array<{ parentCapability: string }>
    expect(granted.map((p) => p.parentCapability)).toEqual(['eth_accounts'])
    expect(await provider.request({ method: 'wallet_getPermissions' })).toHaveLength(1)
    expect(await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })).toBeNull()
    expect(changes).toEqual([[ACCOUNT_0], []])
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider.request({ method: 'wallet_getPermissions' })).toEqual([])
  })

  it('errors are EIP-1193 shaped: unsupported wallet_ methods are 4200, node errors are forwarded', async () => {
    const provider = make()
    await expect(provider.request({ method: 'wallet_sendCalls', params: [] })).rejects.toMatchObject({ code: 4200 })
    await expect(provider.request({ method: 'eth_noSuchMethod' })).rejects.toMatchObject({ code: -32601 })
  })
})
