import { base58 } from '@scure/base'
import { AccountRole, type AccountMeta, type Address, type Instruction } from '@solana/kit'
import {
  identifySystemInstruction,
  parseCreateAccountInstruction,
  parseTransferSolInstruction,
  SYSTEM_PROGRAM_ADDRESS,
  SystemInstruction,
} from '@solana-program/system'
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  AssociatedTokenInstruction,
  identifyAssociatedTokenInstruction,
  identifyTokenInstruction,
  parseCreateAssociatedTokenIdempotentInstruction,
  parseCreateAssociatedTokenInstruction,
  parseMintToInstruction,
  parseTransferCheckedInstruction,
  parseTransferInstruction,
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
} from '@solana-program/token'
import { uiTokenAmount } from './tokenAccounts.js'
import type { CompiledInstruction } from './wireTransaction.js'

// No Memo program client is installed; its instruction is the memo's UTF-8 bytes, nothing to parse.
const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'

type ParseableInstruction = Instruction & { accounts: AccountMeta[]; data: Uint8Array }

/**
 * One instruction in `jsonParsed` encoding: the programs a payment touches (System transfer and
 * createAccount, SPL Token transfer / transferChecked / mintTo, Associated Token create, Memo) are
 * parsed like the RPC does, with the programs' own clients; any other (or one they refuse) is
 * answered in the partially decoded form (`programId`, `accounts`, base58 `data`), which is what the
 * RPC does for programs it cannot parse.
 */
export function parseInstruction(ix: CompiledInstruction, keys: string[], stackHeight: number | null) {
  const programId = keys[ix.programIdIndex] ?? ''
  const instruction: ParseableInstruction = {
    programAddress: programId as Address,
    accounts: ix.accounts.map((i) => ({ address: (keys[i] ?? '') as Address, role: AccountRole.READONLY })),
    data: ix.data,
  }
  const parsed = (program: string, type: string, info: Record<string, unknown>) => ({
    program,
    programId,
    parsed: { type, info },
    stackHeight,
  })
  try {
    if (programId === SYSTEM_PROGRAM_ADDRESS) {
      const kind = identifySystemInstruction(instruction)
      if (kind === SystemInstruction.TransferSol) {
        const { accounts, data } = parseTransferSolInstruction(instruction)
        return parsed('system', 'transfer', {
          source: accounts.source.address,
          destination: accounts.destination.address,
          lamports: Number(data.amount),
        })
      }
      if (kind === SystemInstruction.CreateAccount) {
        const { accounts, data } = parseCreateAccountInstruction(instruction)
        return parsed('system', 'createAccount', {
          source: accounts.payer.address,
          newAccount: accounts.newAccount.address,
          lamports: Number(data.lamports),
          space: Number(data.space),
          owner: data.programAddress,
        })
      }
    }
    if (programId === TOKEN_PROGRAM_ADDRESS) {
      const kind = identifyTokenInstruction(instruction)
      if (kind === TokenInstruction.Transfer) {
        const { accounts, data } = parseTransferInstruction(instruction)
        return parsed('spl-token', 'transfer', {
          source: accounts.source.address,
          destination: accounts.destination.address,
          authority: accounts.authority.address,
          amount: data.amount.toString(),
        })
      }
      if (kind === TokenInstruction.TransferChecked) {
        const { accounts, data } = parseTransferCheckedInstruction(instruction)
        return parsed('spl-token', 'transferChecked', {
          source: accounts.source.address,
          mint: accounts.mint.address,
          destination: accounts.destination.address,
          authority: accounts.authority.address,
          tokenAmount: uiTokenAmount(data.amount, data.decimals),
        })
      }
      if (kind === TokenInstruction.MintTo) {
        const { accounts, data } = parseMintToInstruction(instruction)
        return parsed('spl-token', 'mintTo', {
          mint: accounts.mint.address,
          account: accounts.token.address,
          mintAuthority: accounts.mintAuthority.address,
          amount: data.amount.toString(),
        })
      }
    }
    if (programId === ASSOCIATED_TOKEN_PROGRAM_ADDRESS) {
      // The program reads empty data as Create (its first instruction had none); the client wants the byte.
      const create = { ...instruction, data: ix.data.length === 0 ? new Uint8Array([0]) : ix.data }
      const kind = identifyAssociatedTokenInstruction(create)
      const parsedCreate =
        kind === AssociatedTokenInstruction.CreateAssociatedToken
          ? parseCreateAssociatedTokenInstruction(create)
          : kind === AssociatedTokenInstruction.CreateAssociatedTokenIdempotent
            ? parseCreateAssociatedTokenIdempotentInstruction(create)
            : null
      if (parsedCreate) {
        const { accounts } = parsedCreate
        const idempotent = kind === AssociatedTokenInstruction.CreateAssociatedTokenIdempotent
        return parsed('spl-associated-token-account', idempotent ? 'createIdempotent' : 'create', {
          source: accounts.payer.address,
          account: accounts.ata.address,
          wallet: accounts.owner.address,
          mint: accounts.mint.address,
          systemProgram: accounts.systemProgram.address,
          tokenProgram: accounts.tokenProgram.address,
        })
      }
    }
    if (programId === MEMO_PROGRAM) {
      return { program: 'spl-memo', programId, parsed: new TextDecoder().decode(ix.data), stackHeight }
    }
  } catch {
    // A client refuses data or accounts it cannot read: the partially decoded form, as the RPC answers.
  }
  return {
    programId,
    accounts: ix.accounts.map((i) => keys[i] ?? ''),
    data: base58.encode(ix.data),
    stackHeight,
  }
}
