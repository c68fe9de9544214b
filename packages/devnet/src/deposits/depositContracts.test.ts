import { readFileSync } from 'node:fs'
import {
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  getContractAddress,
  keccak256,
  parseEther,
  toHex,
  zeroHash,
  type Address,
  type Hex,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  compileDepositContract,
  depositArtifactPath,
  depositContractNames,
  serializeArtifact,
} from '../../scripts/compile.js'
import { startTestUsdAnvil, type TestUsdAnvil } from '../testing/testUsdAnvil.js'
import {
  DETERMINISTIC_DEPLOYMENT_PROXY,
  PAYLINK_DEPOSIT_FACTORY_ADDRESS,
  depositFactoryAbi,
  depositFactoryBytecode,
  forwarderAbi,
  forwarderBytecode,
} from '@paylink/chains/eip155/core'
import { deployDepositFactory } from '@paylink/chains/eip155/devnet'

describe('deposit contract artifacts', () => {
  it.each(depositContractNames)(
    'packages/chains/src/eip155/core/contracts/%s.json matches a fresh compile of PaylinkDeposit.sol there (run packages/devnet/scripts/compile.ts if not)',
    (name) => {
      expect(readFileSync(depositArtifactPath(name), 'utf8')).toBe(serializeArtifact(compileDepositContract(name)))
    },
    60_000,
  )

  it('the exported factory address is the proxy CREATE2 address of the artifact (salt 0)', () => {
    expect(
      getContractAddress({
        opcode: 'CREATE2',
        from: DETERMINISTIC_DEPLOYMENT_PROXY,
        salt: zeroHash,
        bytecode: depositFactoryBytecode,
      }),
    ).toBe(PAYLINK_DEPOSIT_FACTORY_ADDRESS)
  })
})

describe('PaylinkDepositFactory and PaylinkForwarder on anvil', () => {
  let chain: TestUsdAnvil
  let accounts: Address[]
  let token: Address
  const offChainDeposit = (recipient: Address, salt: Hex) =>
    getContractAddress({
      opcode: 'CREATE2',
      from: PAYLINK_DEPOSIT_FACTORY_ADDRESS,
      salt,
      bytecode: concat([forwarderBytecode, encodeAbiParameters([{ type: 'address' }], [recipient])]),
    })
  /** Pays `to` from `from`: Test USD units, and ether when `wei` is given. */
  const pay = async (from: Address, to: Address, units: bigint, wei?: bigint) => {
    if (wei !== undefined) await chain.mined(await chain.wallet(from).sendTransaction({ chain: null, to, value: wei }))
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, units] })
    await chain.mined(await chain.wallet(from).sendTransaction({ chain: null, to: token, data: transfer }))
  }
  const tokenBalance = (address: Address) => chain.tokenBalance(address)
  const collect = async (from: Address, recipients: Address[], salts: Hex[], tokens: Address[]) =>
    chain.mined(
      await chain.wallet(from).writeContract({
        chain: null,
        address: PAYLINK_DEPOSIT_FACTORY_ADDRESS,
        abi: depositFactoryAbi,
        functionName: 'collect',
        args: [recipients, salts, tokens],
      }),
    )

  beforeAll(async () => {
    chain = await startTestUsdAnvil(4300)
    ;({ accounts, token } = chain)
  }, 60_000)
  afterAll(async () => {
    await chain?.anvil.stop()
  })

  it('anvil has the deterministic-deployment proxy; the factory lands at the exported address, once', async () => {
    expect(await chain.publicClient.getCode({ address: DETERMINISTIC_DEPLOYMENT_PROXY })).toMatch(/^0x[0-9a-f]{10,}$/)
    expect(await deployDepositFactory({ rpcUrl: chain.anvil.rpcUrl, from: accounts[0]! })).toEqual({
      address: PAYLINK_DEPOSIT_FACTORY_ADDRESS,
      deployed: true,
    })
    expect(await deployDepositFactory({ rpcUrl: chain.anvil.rpcUrl, from: accounts[0]! })).toEqual({
      address: PAYLINK_DEPOSIT_FACTORY_ADDRESS,
      deployed: false,
    })
  })

  it("the factory's depositAddress view equals the off-chain CREATE2 computation", async () => {
    for (const [recipient, optionId] of [
      [accounts[1]!, 'opt_a'],
      [accounts[2]!, 'opt_b'],
    ] as const) {
      const salt = keccak256(toHex(optionId))
      const onChain = await chain.publicClient.readContract({
        address: PAYLINK_DEPOSIT_FACTORY_ADDRESS,
        abi: depositFactoryAbi,
        functionName: 'depositAddress',
        args: [recipient, salt],
      })
      expect(onChain).toBe(offChainDeposit(recipient, salt))
    }
  })

  it('collect deploys the forwarder and flushes native + tokens to the recipient only; a late payment is flushed again', async () => {
    const [, merchant, payer, stranger] = accounts as [Address, Address, Address, Address]
    const salt = keccak256(toHex('opt_collect'))
    const deposit = offChainDeposit(merchant, salt)
    await pay(payer, deposit, 25_000_000n, parseEther('1.5'))
    expect(await chain.publicClient.getCode({ address: deposit })).toBeUndefined()

    const merchantEth = await chain.publicClient.getBalance({ address: merchant })
    const strangerTokens = await tokenBalance(stranger)
    const receipt = await collect(stranger, [merchant], [salt], [token])
    expect(receipt.status).toBe('success')
    expect(await chain.publicClient.getCode({ address: deposit })).toMatch(/^0x[0-9a-f]+$/)
    expect(await chain.publicClient.getBalance({ address: merchant })).toBe(merchantEth + parseEther('1.5'))
    expect(await chain.publicClient.getBalance({ address: deposit })).toBe(0n)
    expect(await tokenBalance(deposit)).toBe(0n)
    expect(await tokenBalance(stranger)).toBe(strangerTokens)
    expect(
      await chain.publicClient.readContract({ address: deposit, abi: forwarderAbi, functionName: 'recipient' }),
    ).toBe(merchant)

    // Late payment into the deployed forwarder: plain transfer accepted, collected again.
    await pay(payer, deposit, 1_000_000n, parseEther('0.25'))
    const merchantTokens = await tokenBalance(merchant)
    expect((await collect(stranger, [merchant], [salt], [token])).status).toBe('success')
    expect(await chain.publicClient.getBalance({ address: merchant })).toBe(merchantEth + parseEther('1.75'))
    expect(await tokenBalance(merchant)).toBe(merchantTokens + 1_000_000n)
  })

  it('collect handles several forwarders in one transaction, and rejects mismatched arrays', async () => {
    const [, merchantA, payer, stranger, merchantB] = accounts as [Address, Address, Address, Address, Address]
    const salts = [keccak256(toHex('opt_batch_1')), keccak256(toHex('opt_batch_2'))]
    const recipients = [merchantA, merchantB]
    for (const [i, salt] of salts.entries()) await pay(payer, offChainDeposit(recipients[i]!, salt), 7_000_000n)
    const before = await Promise.all(recipients.map(tokenBalance))
    expect((await collect(stranger, recipients, salts, [token])).status).toBe('success')
    expect(await Promise.all(recipients.map(tokenBalance))).toEqual(before.map((b) => b + 7_000_000n))
    const mismatched = {
      address: PAYLINK_DEPOSIT_FACTORY_ADDRESS,
      abi: depositFactoryAbi,
      functionName: 'collect',
      args: [recipients, [salts[0]!], [token]],
    } as const
    await expect(chain.publicClient.simulateContract({ ...mismatched, account: stranger })).rejects.toThrow(
      /differ in length/,
    )
    expect((await collect(stranger, recipients, [salts[0]!], [token])).status).toBe('reverted')
  })

  it('the forwarder can do nothing but pay its recipient: any other call reverts, flush by anyone pays the recipient', async () => {
    const [, merchant, payer, stranger] = accounts as [Address, Address, Address, Address]
    const salt = keccak256(toHex('opt_attack'))
    const deposit = offChainDeposit(merchant, salt)
    await collect(stranger, [merchant], [salt], [])
    await pay(payer, deposit, 3_000_000n, parseEther('0.5'))

    // Calls a thief might try: an ERC-20 transfer/approve "from" the forwarder, arbitrary data, selfdestruct-like selectors.
    const attempts: Hex[] = [
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [stranger, 3_000_000n] }),
      encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [stranger, 3_000_000n] }),
      '0x41c0e1b5', // kill()
      '0x83197ef0', // destroy()
      '0xdeadbeef',
    ]
    for (const data of attempts) {
      await expect(chain.publicClient.call({ account: stranger, to: deposit, data })).rejects.toThrow()
      expect(
        (
          await chain.mined(
            await chain.wallet(stranger).sendTransaction({ chain: null, to: deposit, data, gas: 200_000n }),
          )
        ).status,
      ).toBe('reverted')
    }
    expect(await tokenBalance(deposit)).toBe(3_000_000n)
    expect(await chain.publicClient.getBalance({ address: deposit })).toBe(parseEther('0.5'))

    // flush called directly by a stranger: the funds still go to the merchant.
    const merchantEth = await chain.publicClient.getBalance({ address: merchant })
    const merchantTokens = await tokenBalance(merchant)
    await chain.mined(
      await chain.wallet(stranger).writeContract({
        chain: null,
        address: deposit,
        abi: forwarderAbi,
        functionName: 'flush',
        args: [[token]],
      }),
    )
    expect(await tokenBalance(merchant)).toBe(merchantTokens + 3_000_000n)
    expect(await chain.publicClient.getBalance({ address: merchant })).toBe(merchantEth + parseEther('0.5'))

    // A forwarder for another recipient at the same salt is another address: the salt alone redirects nothing.
    expect(offChainDeposit(stranger, salt)).not.toBe(deposit)
    // Its only functions are flush and recipient (plus receive): the ABI the compiler produced says so.
    const artifact = JSON.parse(readFileSync(depositArtifactPath('PaylinkForwarder'), 'utf8')) as {
      abi: Array<{ type: string; name?: string }>
    }
    expect(artifact.abi.map((item) => item.name ?? item.type).sort()).toEqual([
      'constructor',
      'flush',
      'receive',
      'recipient',
    ])
  })
})
