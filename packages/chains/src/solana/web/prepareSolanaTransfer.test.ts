// A checkout transfer carries the link's Solana Pay reference exactly as the spec says (a
// read-only, non-signer key of the transfer instruction), checked on the wire transaction as a
// wallet decodes it (@solana/web3.js) and on the demo's real Solana devnet (litesvm).
import { startSolanaDevnet, type SolanaDevnet } from '../devnet/index.js'
import { devWalletSolanaKey } from '../devnet/wallet/index.js'
import { signAndLand } from '../testing/signAndLand.js'
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { Transaction, SystemProgram } from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { prepareSolanaTransfer } from './prepareSolanaTransfer.js'
import { solanaRpc } from './solanaRpc.js'

let devnet: SolanaDevnet
const payer = devWalletSolanaKey(0)

beforeAll(async () => {
  devnet = await startSolanaDevnet({ slotMs: 50, fundAccounts: [payer.address], fundingCommitment: 'confirmed' })
}, 60_000)
afterAll(() => devnet?.close())

/** The transfer instruction (System transfer or SPL transferChecked) as a wallet reads it. */
function transferInstruction(wire: Uint8Array, programId: string) {
  const transaction = Transaction.from(wire)
  const instructions = transaction.instructions.filter((i) => i.programId.toBase58() === programId)
  expect(instructions, `one ${programId} instruction`).toHaveLength(1)
  return { transaction, instruction: instructions[0]! }
}

const landed = (wire: Uint8Array) => signAndLand(devnet.rpcUrl, wire, payer)
/** The payer's transfer of `amount` to `to`, as the checkout prepares it. */
const preparePayerTransfer = (
  to: string,
  amount: bigint,
  more: Pick<Parameters<typeof prepareSolanaTransfer>[0], 'token' | 'references'> = {},
) => prepareSolanaTransfer({ rpcUrl: devnet.rpcUrl, from: payer.address, to, amount, ...more })

describe('prepareSolanaTransfer with Solana Pay references', () => {
  it('SOL: the reference is the last key of the System transfer, read-only and no signer; the chain finds the transaction by it', async () => {
    const reference = devWalletSolanaKey(20).address
    const to = devWalletSolanaKey(21).address
    const { transaction: wire } = await preparePayerTransfer(to, 1_000_000n, { references: [reference] })
    const { transaction, instruction } = transferInstruction(wire, SystemProgram.programId.toBase58())
    expect(instruction.keys.map((k) => k.pubkey.toBase58())).toEqual([payer.address, to, reference])
    expect(instruction.keys[2]).toMatchObject({ isSigner: false, isWritable: false })
    // Only the payer signs the transaction.
    expect(transaction.compileMessage().header.numRequiredSignatures).toBe(1)

    const signature = await landed(wire)
    const found = await solanaRpc<Array<{ signature: string }>>(devnet.rpcUrl, 'getSignaturesForAddress', [
      reference,
      { commitment: 'confirmed' },
    ])
    expect(found.map((f) => f.signature)).toEqual([signature])
  })

  it('SPL: the reference follows transferChecked’s own keys (source, mint, destination, owner), read-only and no signer; the account creation carries none', async () => {
    const references = [devWalletSolanaKey(22).address, devWalletSolanaKey(23).address]
    const to = devWalletSolanaKey(24).address
    const prepared = await preparePayerTransfer(to, 2_000_000n, {
      token: { mint: devnet.mint, decimals: 6 },
      references,
    })
    expect(prepared.rent, 'the recipient has no token account yet').toBeGreaterThan(0n)
    const { transaction, instruction } = transferInstruction(prepared.transaction, TOKEN_PROGRAM_ADDRESS)
    const keys = instruction.keys.map((k) => k.pubkey.toBase58())
    expect(keys).toHaveLength(6)
    expect(keys[1]).toBe(devnet.mint)
    expect(keys[3]).toBe(payer.address)
    expect(keys.slice(4)).toEqual(references)
    for (const key of instruction.keys.slice(4)) expect(key).toMatchObject({ isSigner: false, isWritable: false })
    const others = transaction.instructions
      .filter((i) => i !== instruction)
      .flatMap((i) => i.keys.map((k) => k.pubkey.toBase58()))
    for (const reference of references) expect(others).not.toContain(reference)

    const signature = await landed(prepared.transaction)
    for (const reference of references) {
      const found = await solanaRpc<Array<{ signature: string }>>(devnet.rpcUrl, 'getSignaturesForAddress', [
        reference,
        { commitment: 'confirmed' },
      ])
      expect(found.map((f) => f.signature)).toEqual([signature])
    }
  })

  it('no reference: the transfer has its own keys only', async () => {
    const to = devWalletSolanaKey(25).address
    const { transaction: wire } = await preparePayerTransfer(to, 1n)
    const { instruction } = transferInstruction(wire, SystemProgram.programId.toBase58())
    expect(instruction.keys.map((k) => k.pubkey.toBase58())).toEqual([payer.address, to])
  })
})
