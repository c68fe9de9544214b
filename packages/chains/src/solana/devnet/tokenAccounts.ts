import { isSome, type Option } from '@solana/kit'
import { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'
import { getMintDecoder, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'

export const TOKEN_PROGRAM = TOKEN_PROGRAM_ADDRESS as string
export const SYSTEM_PROGRAM = SYSTEM_PROGRAM_ADDRESS as string
export const TOKEN_ACCOUNT_SIZE = 165
export const MINT_SIZE = 82

export type RawAccount = { owner: string; data: Uint8Array; lamports: bigint }

export type TokenAccountFields = {
  mint: string
  owner: string
  amount: bigint
  state: 'uninitialized' | 'initialized' | 'frozen'
  isNative: bigint | null
  delegate: string | null
  delegatedAmount: bigint
  closeAuthority: string | null
}
export type MintFields = {
  mintAuthority: string | null
  supply: bigint
  decimals: number
  isInitialized: boolean
  freezeAuthority: string | null
}

const opt = <T>(o: Option<T>): T | null => (isSome(o) ? o.value : null)
const STATES = ['uninitialized', 'initialized', 'frozen'] as const

export function readTokenAccount(account: RawAccount | null): TokenAccountFields | null {
  if (!account || account.owner !== TOKEN_PROGRAM || account.data.length !== TOKEN_ACCOUNT_SIZE) return null
  const t = getTokenDecoder().decode(account.data)
  return {
    mint: t.mint,
    owner: t.owner,
    amount: t.amount,
    state: STATES[t.state] ?? 'uninitialized',
    isNative: opt(t.isNative),
    delegate: opt(t.delegate),
    delegatedAmount: t.delegatedAmount,
    closeAuthority: opt(t.closeAuthority),
  }
}

export function readMint(account: RawAccount | null): MintFields | null {
  if (!account || account.owner !== TOKEN_PROGRAM || account.data.length !== MINT_SIZE) return null
  const m = getMintDecoder().decode(account.data)
  return {
    mintAuthority: opt(m.mintAuthority),
    supply: m.supply,
    decimals: m.decimals,
    isInitialized: m.isInitialized,
    freezeAuthority: opt(m.freezeAuthority),
  }
}

/** A base-unit amount as the decimal string the RPC puts in `uiAmountString`. */
export function formatUnits(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString()
  const s = amount.toString().padStart(decimals + 1, '0')
  const whole = s.slice(0, -decimals)
  const frac = s.slice(-decimals).replace(/0+$/, '')
  return frac ? `${whole}.${frac}` : whole
}

/** The RPC's `UiTokenAmount`. `uiAmount` is a float by the RPC's own definition (deprecated there). */
export function uiTokenAmount(amount: bigint, decimals: number) {
  const uiAmountString = formatUnits(amount, decimals)
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

/** `data` of a token-program account in `jsonParsed` encoding, or null when it is neither. */
export function parsedTokenData(account: RawAccount, decimalsOf: (mint: string) => number | null) {
  const token = readTokenAccount(account)
  if (token) {
    const decimals = decimalsOf(token.mint) ?? 0
    return {
      program: 'spl-token',
      parsed: {
        type: 'account',
        info: {
          isNative: token.isNative !== null,
          mint: token.mint,
          owner: token.owner,
          state: token.state,
          tokenAmount: uiTokenAmount(token.amount, decimals),
          ...(token.delegate
            ? { delegate: token.delegate, delegatedAmount: uiTokenAmount(token.delegatedAmount, decimals) }
            : {}),
          ...(token.closeAuthority ? { closeAuthority: token.closeAuthority } : {}),
        },
      },
      space: TOKEN_ACCOUNT_SIZE,
    }
  }
  const mint = readMint(account)
  if (mint) {
    return {
      program: 'spl-token',
      parsed: {
        type: 'mint',
        info: {
          decimals: mint.decimals,
          freezeAuthority: mint.freezeAuthority,
          isInitialized: mint.isInitialized,
          mintAuthority: mint.mintAuthority,
          supply: mint.supply.toString(),
        },
      },
      space: MINT_SIZE,
    }
  }
  return null
}
