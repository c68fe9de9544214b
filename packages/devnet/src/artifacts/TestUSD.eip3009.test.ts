import { createRequire } from 'node:module'
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  parseSignature,
  toHex,
  type Abi,
  type Address,
  type Hex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authorizationTypes } from '@x402/evm'

import { devnetFaces } from '@paylink/chains/devnet'
import testUsdArtifact from './TestUSD.json' with { type: 'json' }
import { upgradeTestUsdInPlace } from '../upgradeTestUsd.js'

const abi = testUsdArtifact.abi as Abi
const chainId = 31337
let anvil: Awaited<ReturnType<typeof devnetFaces.eip155.startAnvil>>
let token: Address
let deployer: Address
let publicClient: ReturnType<typeof createPublicClient>

const payer = privateKeyToAccount(generatePrivateKey())
const payee = privateKeyToAccount(generatePrivateKey())
// EIP-3009 signs both kinds over the same fields: those x402's exact scheme signs a transfer with,
// so the token is checked against what an x402 payer really sends.
const authorizationFields = authorizationTypes.TransferWithAuthorization
const types = { TransferWithAuthorization: authorizationFields, ReceiveWithAuthorization: authorizationFields } as const

const newNonce = () => toHex(crypto.getRandomValues(new Uint8Array(32)))
const now = () => BigInt(Math.floor(Date.now() / 1000))

async function sign(
  primaryType: 'TransferWithAuthorization' | 'ReceiveWithAuthorization',
  message: { validAfter?: bigint; validBefore?: bigint; value?: bigint } = {},
  address = token,
) {
  const authorization = {
    from: payer.address,
    to: payee.address,
    value: message.value ?? 1_000n,
    validAfter: message.validAfter ?? 0n,
    validBefore: message.validBefore ?? now() + 3600n,
    nonce: newNonce(),
  }
  const signature = await payer.signTypedData({
    domain: { name: 'Test USD', version: '1', chainId, verifyingContract: address },
    types,
    primaryType,
    message: authorization,
  })
  const args = [
    authorization.from,
    authorization.to,
    authorization.value,
    authorization.validAfter,
    authorization.validBefore,
    authorization.nonce,
  ] as const
  return { authorization, signature, args }
}

const read = (functionName: string, args: readonly unknown[] = [], address = token) =>
  publicClient.readContract({ address, abi, functionName, args })

async function write(functionName: string, args: readonly unknown[], account: Address | typeof payee = deployer) {
  const wallet = createWalletClient({ transport: http(anvil.rpcUrl), account })
  // Simulated first: a refusal then throws with the contract's reason instead of mining a revert.
  await publicClient.simulateContract({ account, address: token, abi, functionName, args })
  const hash = await wallet.writeContract({ chain: null, address: token, abi, functionName, args })
  return publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
}

beforeAll(async () => {
  anvil = await devnetFaces.eip155.startAnvil({ chainId })
  publicClient = createPublicClient({ transport: http(anvil.rpcUrl), pollingInterval: 20 })
  const wallet = createWalletClient({ transport: http(anvil.rpcUrl) })
  deployer = (await wallet.getAddresses())[0]!
  const hash = await createWalletClient({ transport: http(anvil.rpcUrl), account: deployer }).deployContract({
    chain: null,
    abi,
    bytecode: testUsdArtifact.bytecode as Hex,
    args: [[payer.address], 1_000_000n],
  })
  token = getAddress((await publicClient.waitForTransactionReceipt({ hash })).contractAddress!)
  // The payee submits receiveWithAuthorization itself: it needs gas.
  await publicClient.request({
    method: 'anvil_setBalance' as never,
    params: [payee.address, toHex(10n ** 18n)] as never,
  })
}, 30_000)

afterAll(async () => {
  await anvil?.stop()
})

describe('Test USD (EIP-3009)', () => {
  it('publishes its EIP-712 domain (EIP-5267, name() and version())', async () => {
    const [, name, version, domainChainId, verifyingContract] = (await read('eip712Domain')) as readonly unknown[]
    expect({ name, version, domainChainId, verifyingContract }).toEqual({
      name: 'Test USD',
      version: '1',
      domainChainId: BigInt(chainId),
      verifyingContract: token,
    })
    expect(await read('name')).toBe('Test USD')
    expect(await read('version')).toBe('1')
  })

  it('moves by transferWithAuthorization with a bytes signature, once', async () => {
    const { authorization, signature, args } = await sign('TransferWithAuthorization')
    const before = (await read('balanceOf', [payee.address])) as bigint
    expect(await read('authorizationState', [payer.address, authorization.nonce])).toBe(false)
    expect((await write('transferWithAuthorization', [...args, signature])).status).toBe('success')
    expect(await read('balanceOf', [payee.address])).toBe(before + authorization.value)
    expect(await read('authorizationState', [payer.address, authorization.nonce])).toBe(true)
    await expect(write('transferWithAuthorization', [...args, signature])).rejects.toThrow(/used or canceled/)
  })

  it('moves by transferWithAuthorization with v, r, s', async () => {
    const { authorization, signature, args } = await sign('TransferWithAuthorization')
    const { v, r, s } = parseSignature(signature)
    const before = (await read('balanceOf', [payee.address])) as bigint
    expect((await write('transferWithAuthorization', [...args, Number(v), r, s])).status).toBe('success')
    expect(await read('balanceOf', [payee.address])).toBe(before + authorization.value)
  })

  it('refuses an expired, a not yet valid, a wrongly signed and an over-balance authorization', async () => {
    const expired = await sign('TransferWithAuthorization', { validBefore: now() - 10n })
    await expect(write('transferWithAuthorization', [...expired.args, expired.signature])).rejects.toThrow(/expired/)
    const early = await sign('TransferWithAuthorization', { validAfter: now() + 3600n })
    await expect(write('transferWithAuthorization', [...early.args, early.signature])).rejects.toThrow(/not yet valid/)
    const other = await sign('TransferWithAuthorization', {}, payee.address)
    await expect(write('transferWithAuthorization', [...other.args, other.signature])).rejects.toThrow(/invalid signature/)
    const tooMuch = await sign('TransferWithAuthorization', { value: 10n ** 12n })
    await expect(write('transferWithAuthorization', [...tooMuch.args, tooMuch.signature])).rejects.toThrow(
      /exceeds balance/,
    )
  })

  it('lets only the payee submit receiveWithAuthorization', async () => {
    const { authorization, signature, args } = await sign('ReceiveWithAuthorization')
    await expect(write('receiveWithAuthorization', [...args, signature])).rejects.toThrow(/caller must be the payee/)
    const before = (await read('balanceOf', [payee.address])) as bigint
    expect((await write('receiveWithAuthorization', [...args, signature], payee)).status).toBe('success')
    expect(await read('balanceOf', [payee.address])).toBe(before + authorization.value)
  })

  it('takes its code in place over the plain ERC-20 a saved chain holds, keeping every balance', async () => {
    // The plain OpenZeppelin 4.9.6 ERC-20 has the storage layout Test USD had before EIP-3009.
    const require = createRequire(import.meta.url)
    const plain = require('@openzeppelin/contracts/build/contracts/ERC20PresetFixedSupply.json') as {
      abi: Abi
      bytecode: Hex
    }
    const hash = await createWalletClient({ transport: http(anvil.rpcUrl), account: deployer }).deployContract({
      chain: null,
      abi: plain.abi,
      bytecode: plain.bytecode,
      args: ['Test USD', 'TUSD', 5_000n, payer.address],
    })
    const old = getAddress((await publicClient.waitForTransactionReceipt({ hash })).contractAddress!)
    await expect(read('version', [], old)).rejects.toThrow()
    await upgradeTestUsdInPlace(anvil.rpcUrl, old, deployer)
    expect(await read('version', [], old)).toBe('1')
    expect(await read('balanceOf', [payer.address], old)).toBe(5_000n)
    expect(await read('totalSupply', [], old)).toBe(5_000n)
    const { args, signature } = await sign('TransferWithAuthorization', { value: 2_000n }, old)
    const wallet = createWalletClient({ transport: http(anvil.rpcUrl), account: deployer })
    const moved = await wallet.writeContract({
      chain: null,
      address: old,
      abi,
      functionName: 'transferWithAuthorization',
      args: [...args, signature],
    })
    expect((await publicClient.waitForTransactionReceipt({ hash: moved })).status).toBe('success')
    expect(await read('balanceOf', [payee.address], old)).toBe(2_000n)
    // A second call finds the new code and leaves it be.
    await upgradeTestUsdInPlace(anvil.rpcUrl, old, deployer)
    expect(await read('balanceOf', [payer.address], old)).toBe(3_000n)
  })
})
