import { base58 } from '@scure/base'
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  generateKeyPairSigner,
  getCompiledTransactionMessageEncoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransaction,
  type Blockhash,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit'
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintToInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseInstruction } from './parseInstruction.js'
import { decodeWireMessage, decodeWireTransaction } from './wireTransaction.js'

const BLOCKHASH = 'EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N' as Blockhash
const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'

let payer: KeyPairSigner
let other: KeyPairSigner
let mint: KeyPairSigner

beforeAll(async () => {
  ;[payer, other, mint] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner(), generateKeyPairSigner()])
})

async function wireOf(instructions: Instruction[], version: 'legacy' | 0 = 'legacy') {
  const message = pipe(
    createTransactionMessage({ version }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: BLOCKHASH, lastValidBlockHeight: 100n }, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const transaction = compileTransaction(message)
  const signers = [payer, other, mint].filter((s) => s.address in transaction.signatures)
  const signed = await signTransaction(
    signers.map((s) => s.keyPair),
    transaction,
  )
  return new Uint8Array(getTransactionEncoder().encode(signed))
}

async function parseAll(instructions: Instruction[]) {
  const tx = decodeWireTransaction(await wireOf(instructions))
  return tx.instructions.map((ix) => parseInstruction(ix, tx.accountKeys, null))
}

describe('decodeWireTransaction', () => {
  it('decodes a legacy and a v0 transaction: header, keys, blockhash, instructions, signatures', async () => {
    const transfer = getTransferSolInstruction({ source: payer, destination: other.address, amount: 5n })
    for (const version of ['legacy', 0] as const) {
      const tx = decodeWireTransaction(await wireOf([transfer], version))
      expect(tx.version).toBe(version)
      expect(tx.header).toEqual({
        numRequiredSignatures: 1,
        numReadonlySignedAccounts: 0,
        numReadonlyUnsignedAccounts: 1,
      })
      expect(tx.accountKeys).toEqual([payer.address, other.address, '11111111111111111111111111111111'])
      expect(tx.recentBlockhash).toBe(BLOCKHASH)
      expect(tx.instructions).toEqual([{ programIdIndex: 2, accounts: [0, 1], data: expect.any(Uint8Array) }])
      expect(tx.signatures).toHaveLength(1)
      expect(tx.signatures[0]!.some((b) => b !== 0)).toBe(true)
      expect(tx.lookupCount).toBe(0)
      expect(decodeWireMessage(tx.messageBytes)).toEqual({
        ...tx,
        signatures: undefined,
        messageBytes: tx.messageBytes,
      })
    }
  })

  it('refuses trailing bytes, a missing signature and an instruction index past the keys, as invalid params', async () => {
    const wire = await wireOf([getTransferSolInstruction({ source: payer, destination: other.address, amount: 5n })])
    const invalid = { code: -32602, message: expect.stringMatching(/^invalid transaction: /) }
    expect(() => decodeWireTransaction(new Uint8Array([...wire, 0]))).toThrow(expect.objectContaining(invalid))
    expect(() => decodeWireTransaction(new Uint8Array([0, ...wire.subarray(65)]))).toThrow(
      expect.objectContaining(invalid),
    )
    const compiled = decodeWireTransaction(wire)
    const message = new Uint8Array(
      getCompiledTransactionMessageEncoder().encode({
        version: 'legacy',
        header: { numSignerAccounts: 1, numReadonlySignerAccounts: 0, numReadonlyNonSignerAccounts: 1 },
        staticAccounts: compiled.accountKeys as never,
        lifetimeToken: BLOCKHASH,
        instructions: [{ programAddressIndex: 7, accountIndices: [0, 1] }],
      }),
    )
    expect(() => decodeWireMessage(message)).toThrow(
      expect.objectContaining({
        code: -32602,
        message: 'invalid transaction: Transaction failed to sanitize accounts offsets correctly',
      }),
    )
  })
})

describe('parseInstruction', () => {
  it('parses System transfer and createAccount as the RPC does', async () => {
    const [transfer, create] = await parseAll([
      getTransferSolInstruction({ source: payer, destination: other.address, amount: 1_500_000_000n }),
      getCreateAccountInstruction({
        payer,
        newAccount: mint,
        lamports: 1_461_600n,
        space: 82,
        programAddress: TOKEN_PROGRAM_ADDRESS,
      }),
    ])
    expect(transfer).toEqual({
      program: 'system',
      programId: '11111111111111111111111111111111',
      parsed: {
        type: 'transfer',
        info: { source: payer.address, destination: other.address, lamports: 1_500_000_000 },
      },
      stackHeight: null,
    })
    expect(create).toMatchObject({
      program: 'system',
      parsed: {
        type: 'createAccount',
        info: {
          source: payer.address,
          newAccount: mint.address,
          lamports: 1_461_600,
          space: 82,
          owner: TOKEN_PROGRAM_ADDRESS,
        },
      },
    })
  })

  it('parses SPL Token transferChecked and mintTo, and Associated Token createIdempotent', async () => {
    const [source] = await findAssociatedTokenPda({
      owner: payer.address,
      mint: mint.address,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const [destination] = await findAssociatedTokenPda({
      owner: other.address,
      mint: mint.address,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const [ata, mintTo, transfer] = await parseAll([
      getCreateAssociatedTokenIdempotentInstruction({
        payer,
        ata: destination,
        owner: other.address,
        mint: mint.address,
      }),
      getMintToInstruction({ mint: mint.address, token: source, mintAuthority: payer, amount: 7n }),
      getTransferCheckedInstruction({
        source,
        mint: mint.address,
        destination,
        authority: payer,
        amount: 12_500_000n,
        decimals: 6,
      }),
    ])
    expect(ata).toMatchObject({
      program: 'spl-associated-token-account',
      parsed: {
        type: 'createIdempotent',
        info: {
          source: payer.address,
          account: destination,
          wallet: other.address,
          mint: mint.address,
          systemProgram: '11111111111111111111111111111111',
          tokenProgram: TOKEN_PROGRAM_ADDRESS,
        },
      },
    })
    expect(mintTo).toMatchObject({
      program: 'spl-token',
      parsed: {
        type: 'mintTo',
        info: { mint: mint.address, account: source, mintAuthority: payer.address, amount: '7' },
      },
    })
    expect(transfer).toMatchObject({
      program: 'spl-token',
      parsed: {
        type: 'transferChecked',
        info: {
          source,
          mint: mint.address,
          destination,
          authority: payer.address,
          tokenAmount: { amount: '12500000', decimals: 6, uiAmountString: '12.5' },
        },
      },
    })
  })

  it('reads a Memo as text, and answers an unknown or unreadable instruction partially decoded', async () => {
    const keys = [payer.address, other.address, MEMO_PROGRAM, '11111111111111111111111111111111']
    const memo = parseInstruction(
      { programIdIndex: 2, accounts: [0], data: new TextEncoder().encode('order 42') },
      keys,
      1,
    )
    expect(memo).toEqual({ program: 'spl-memo', programId: MEMO_PROGRAM, parsed: 'order 42', stackHeight: 1 })
    // A System transfer cut short: the client refuses it, so the RPC's partial form.
    const short = parseInstruction(
      { programIdIndex: 3, accounts: [0, 1], data: new Uint8Array([2, 0, 0, 0, 1]) },
      keys,
      null,
    )
    expect(short).toEqual({
      programId: '11111111111111111111111111111111',
      accounts: [payer.address, other.address],
      data: base58.encode(new Uint8Array([2, 0, 0, 0, 1])),
      stackHeight: null,
    })
    const unknown = parseInstruction({ programIdIndex: 1, accounts: [0], data: new Uint8Array([9]) }, keys, 2)
    expect(unknown).toEqual({ programId: other.address, accounts: [payer.address], data: 'A', stackHeight: 2 })
  })
})
