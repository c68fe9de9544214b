// The payer's consent to automatic renewal on Solana, as the manage and subscribe pages build it:
// decoded with the token program's own parsers, then landed on the demo's Solana devnet (litesvm),
// whose token account must name the collector as delegate of the cap, then of nothing.
import {
  decompileTransactionMessage,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type AccountMeta,
  type Address,
  type Instruction,
  type InstructionWithAccounts,
  type InstructionWithData,
} from '@solana/kit'
import {
  findAssociatedTokenPda,
  getTokenDecoder,
  identifyTokenInstruction,
  parseApproveCheckedInstruction,
  parseRevokeInstruction,
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSolanaDevnet, type SolanaDevnet } from '../devnet/index.js'
import { devWalletSolanaKey } from '../devnet/wallet/index.js'
import { signAndLand } from '../testing/signAndLand.js'
import { prepareSolanaApprove, prepareSolanaRevoke } from './prepareSolanaDelegate.js'
import { solanaRpc } from './solanaRpc.js'

let devnet: SolanaDevnet
const payer = devWalletSolanaKey(30)
const collector = devWalletSolanaKey(31).address

beforeAll(async () => {
  devnet = await startSolanaDevnet({ slotMs: 50, fundAccounts: [payer.address], fundingCommitment: 'confirmed' })
  await devnet.waitForSignature(await devnet.faucet(payer.address, devnet.mint, 100_000_000n), 'confirmed')
}, 60_000)
afterAll(() => devnet?.close())

/** The one instruction of a prepared wire transaction, with the transaction's fee payer. */
function onlyInstruction(wire: Uint8Array) {
  const compiled = getCompiledTransactionMessageDecoder().decode(getTransactionDecoder().decode(wire).messageBytes)
  const message = decompileTransactionMessage(compiled)
  expect(message.instructions).toHaveLength(1)
  const instruction = message.instructions[0]!
  expect(instruction.programAddress).toBe(TOKEN_PROGRAM_ADDRESS)
  expect(instruction.accounts).toBeDefined()
  expect(instruction.data).toBeDefined()
  // Checked just above: a token instruction always has accounts and data.
  type TokenInstructionShape = Instruction &
    InstructionWithAccounts<readonly AccountMeta[]> &
    InstructionWithData<Uint8Array>
  return { instruction: instruction as TokenInstructionShape, feePayer: message.feePayer.address }
}

/** The payer's Test USD account as the token program keeps it. */
async function payerAccount() {
  const [ata] = await findAssociatedTokenPda({
    owner: payer.address as Address,
    mint: devnet.mint as Address,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  const { value } = await solanaRpc<{ value: { data: [string, string] } }>(devnet.rpcUrl, 'getAccountInfo', [
    ata,
    { encoding: 'base64', commitment: 'confirmed' },
  ])
  return { ata, token: getTokenDecoder().decode(getBase64Encoder().encode(value.data[0])) }
}

describe('prepareSolanaApprove and prepareSolanaRevoke', () => {
  it('approveChecked of the cap to the collector on the payer’s token account, then revoke: the chain keeps exactly that', async () => {
    const request = { rpcUrl: devnet.rpcUrl, owner: payer.address, mint: devnet.mint, decimals: 6 }
    const cap = 12n * 5_000_000n
    const approveWire = await prepareSolanaApprove({ ...request, delegate: collector, amount: cap })
    const approve = onlyInstruction(approveWire)
    expect(approve.feePayer).toBe(payer.address)
    expect(identifyTokenInstruction(approve.instruction)).toBe(TokenInstruction.ApproveChecked)
    const parsed = parseApproveCheckedInstruction(approve.instruction)
    const { ata } = await payerAccount()
    expect(parsed.accounts.source.address).toBe(ata)
    expect(parsed.accounts.mint.address).toBe(devnet.mint)
    expect(parsed.accounts.delegate.address).toBe(collector)
    expect(parsed.accounts.owner.address).toBe(payer.address)
    expect(parsed.data).toMatchObject({ amount: cap, decimals: 6 })

    await signAndLand(devnet.rpcUrl, approveWire, payer)
    const approved = (await payerAccount()).token
    expect(approved.delegate).toMatchObject({ __option: 'Some', value: collector })
    expect(approved.delegatedAmount).toBe(cap)

    const revokeWire = await prepareSolanaRevoke(request)
    const revoke = onlyInstruction(revokeWire)
    expect(identifyTokenInstruction(revoke.instruction)).toBe(TokenInstruction.Revoke)
    const parsedRevoke = parseRevokeInstruction(revoke.instruction)
    expect(parsedRevoke.accounts.source.address).toBe(ata)
    expect(parsedRevoke.accounts.owner.address).toBe(payer.address)

    await signAndLand(devnet.rpcUrl, revokeWire, payer)
    const revoked = (await payerAccount()).token
    expect(revoked.delegate).toMatchObject({ __option: 'None' })
    expect(revoked.delegatedAmount).toBe(0n)
  })

  it('a wrong decimals count is refused by the token program, so the payer never approves another scale than shown', async () => {
    const wire = await prepareSolanaApprove({
      rpcUrl: devnet.rpcUrl,
      owner: payer.address,
      mint: devnet.mint,
      decimals: 9,
      delegate: collector,
      amount: 1n,
    })
    await expect(signAndLand(devnet.rpcUrl, wire, payer)).rejects.toThrow()
    expect((await payerAccount()).token.delegate).toMatchObject({ __option: 'None' })
  })
})
