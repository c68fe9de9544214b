import { base58 } from '@scure/base'
import { ASSOCIATED_TOKEN_PROGRAM, SYSTEM_PROGRAM, TOKEN_PROGRAM, uiTokenAmount } from './tokenAccounts.js'
import type { CompiledInstruction } from './wireTransaction.js'

const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'

/**
 * One instruction in `jsonParsed` encoding: the programs a payment touches (System transfer,
 * SPL Token transfer / transferChecked / mintTo, Associated Token create, Memo) are parsed like
 * the RPC does; any other is answered in the partially decoded form (`programId`, `accounts`,
 * base58 `data`), which is what the RPC does for programs it cannot parse.
 */
export function parseInstruction(ix: CompiledInstruction, keys: string[], stackHeight: number | null) {
  const programId = keys[ix.programIdIndex] ?? ''
  const acc = (i: number) => keys[ix.accounts[i] ?? -1] ?? ''
  const d = ix.data
  const view = new DataView(d.buffer, d.byteOffset, d.byteLength)
  const u64 = (offset: number) => (d.length >= offset + 8 ? view.getBigUint64(offset, true) : null)
  const parsed = (program: string, type: string, info: Record<string, unknown>) => ({
    program,
    programId,
    parsed: { type, info },
    stackHeight,
  })
  try {
    if (programId === SYSTEM_PROGRAM && d.length >= 4) {
      const kind = view.getUint32(0, true)
      if (kind === 2 && d.length === 12) {
        return parsed('system', 'transfer', {
          source: acc(0),
          destination: acc(1),
          lamports: Number(u64(4)),
        })
      }
      if (kind === 0 && d.length >= 52) {
        return parsed('system', 'createAccount', {
          source: acc(0),
          newAccount: acc(1),
          lamports: Number(u64(4)),
          space: Number(u64(12)),
          owner: base58.encode(d.subarray(20, 52)),
        })
      }
    }
    if (programId === TOKEN_PROGRAM && d.length >= 1) {
      const amount = u64(1)
      if (d[0] === 3 && amount !== null) {
        return parsed('spl-token', 'transfer', {
          source: acc(0),
          destination: acc(1),
          authority: acc(2),
          amount: amount.toString(),
        })
      }
      if (d[0] === 12 && amount !== null && d.length >= 10) {
        const decimals = d[9] ?? 0
        return parsed('spl-token', 'transferChecked', {
          source: acc(0),
          mint: acc(1),
          destination: acc(2),
          authority: acc(3),
          tokenAmount: uiTokenAmount(amount, decimals),
        })
      }
      if (d[0] === 7 && amount !== null) {
        return parsed('spl-token', 'mintTo', {
          mint: acc(0),
          account: acc(1),
          mintAuthority: acc(2),
          amount: amount.toString(),
        })
      }
    }
    if (programId === ASSOCIATED_TOKEN_PROGRAM && (d.length === 0 || d[0] === 0 || d[0] === 1)) {
      return parsed('spl-associated-token-account', d[0] === 1 ? 'createIdempotent' : 'create', {
        source: acc(0),
        account: acc(1),
        wallet: acc(2),
        mint: acc(3),
        systemProgram: acc(4),
        tokenProgram: acc(5),
      })
    }
    if (programId === MEMO_PROGRAM) {
      return { program: 'spl-memo', programId, parsed: new TextDecoder().decode(d), stackHeight }
    }
  } catch {
    // fall through to the partially decoded form
  }
  return {
    programId,
    accounts: ix.accounts.map((i) => keys[i] ?? ''),
    data: base58.encode(d),
    stackHeight,
  }
}
