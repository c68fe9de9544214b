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

/** A parsed instruction's named accounts as the RPC shows them: their addresses. */
const addressesOf = <K extends string>(accounts: Record<K, AccountMeta>): Record<K, string> =>
  Object.fromEntries(
    Object.entries<AccountMeta>(accounts).map(([name, meta]) => [name, String(meta.address)]),
  ) as Record<K, string>

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
        return parsed('system', 'transfer', { ...addressesOf(accounts), lamports: Number(data.amount) })
      }
      if (kind === SystemInstruction.CreateAccount) {
        const { accounts, data } = parseCreateAccountInstruction(instruction)
        const { payer, newAccount } = addressesOf(accounts)
        const { lamports, space, programAddress: owner } = data
        return parsed('system', 'createAccount', {
          source: payer,
          newAccount,
          lamports: Number(lamports),
          space: Number(space),
          owner,
        })
      }
    }
    if (programId === TOKEN_PROGRAM_ADDRESS) {
      const kind = identifyTokenInstruction(instruction)
      if (kind === TokenInstruction.Transfer) {
        const { accounts, data } = parseTransferInstruction(instruction)
        return parsed('spl-token', 'transfer', { ...addressesOf(accounts), amount: data.amount.toString() })
      }
      if (kind === TokenInstruction.TransferChecked) {
        const { accounts, data } = parseTransferCheckedInstruction(instruction)
        const tokenAmount = uiTokenAmount(data.amount, data.decimals)
        return parsed('spl-token', 'transferChecked', { ...addressesOf(accounts), tokenAmount })
      }
      if (kind === TokenInstruction.MintTo) {
        const { accounts, data } = parseMintToInstruction(instruction)
        const { mint, token, mintAuthority } = addressesOf(accounts)
        return parsed('spl-token', 'mintTo', { mint, account: token, mintAuthority, amount: data.amount.toString() })
      }
    }
    if (programId === ASSOCIATED_TOKEN_PROGRAM_ADDRESS) {
      // The program reads empty data as Create (its first instruction had none); the client wants the byte.
      const create = { ...instruction, data: ix.data.length === 0 ? new Uint8Array([0]) : ix.data }
      const kind = identifyAssociatedTokenInstruction(create)
      const idempotent = kind === AssociatedTokenInstruction.CreateAssociatedTokenIdempotent
      if (idempotent || kind === AssociatedTokenInstruction.CreateAssociatedToken) {
        const { accounts } = (
          idempotent ? parseCreateAssociatedTokenIdempotentInstruction : parseCreateAssociatedTokenInstruction
        )(create)
        const { payer, ata, owner, ...programs } = addressesOf(accounts)
        const info = { source: payer, account: ata, wallet: owner, ...programs }
        return parsed('spl-associated-token-account', idempotent ? 'createIdempotent' : 'create', info)
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
