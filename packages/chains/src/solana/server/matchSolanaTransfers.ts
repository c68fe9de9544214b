import type { ExpectedOption, MatchTransfersReturnType, TransferCredit } from '../../serverFace/chainFamily.js'
import { findAssociatedTokenAddress } from './findAssociatedTokenAddress.js'

/** The parts of a `getTransaction` answer (encoding jsonParsed) the matcher reads. */
export interface ParsedSolanaTransaction {
  slot: number
  blockTime: number | null
  transaction: {
    signatures: string[]
    message: { accountKeys: Array<{ pubkey: string }>; instructions: ParsedInstruction[] }
  }
  meta: {
    err: unknown
    innerInstructions?: Array<{ index: number; instructions: ParsedInstruction[] }> | null
    preTokenBalances?: TokenBalance[] | null
    postTokenBalances?: TokenBalance[] | null
  } | null
}

interface ParsedInstruction {
  program?: string
  parsed?: unknown
}

interface TokenBalance {
  accountIndex: number
  mint: string
  owner?: string
}

/** One SOL or SPL token movement read from an instruction. `mint` null: SOL. */
interface Movement {
  index: number
  mint: string | null
  /** The receiving account (a wallet for SOL, a token account for SPL). */
  destination: string
  /** Who paid: the SOL source, or the token account's owner (the transfer's authority). */
  from: string
  amount: bigint
}

/**
 * An inner instruction's index: stable and apart from the top-level ones (at most a few dozen
 * fit in a transaction), so each transfer has its own `logIndex` in payment_credits.
 */
export function innerInstructionIndex(parent: number, position: number): number {
  return (parent + 1) * 10_000 + position
}

/**
 * Which of a link's options (on this cluster) a Solana transaction pays, from its parsed
 * instructions, top-level and inner (a transfer made through another program counts too).
 * SOL: System `transfer`s to the recipient. SPL: Token `transfer`/`transferChecked` of the
 * option's mint into the recipient's associated token account (or another token account the
 * token balances say the recipient owns); the mint comes from `transferChecked` or from the
 * token balances of the destination. An option's amount is the sum of its transfers in the
 * transaction; its credit's `logIndex` is the first one's instruction index. A failed
 * transaction pays nothing.
 */
export function matchSolanaTransfers(
  transaction: ParsedSolanaTransaction,
  options: readonly ExpectedOption[],
): MatchTransfersReturnType {
  if (!transaction.meta || transaction.meta.err !== null) return { ok: false, reason: 'tx_reverted' }
  const movements = readMovements(transaction)
  const tokenAccounts = tokenAccountsOf(transaction)

  const credits: TransferCredit[] = []
  for (const option of options) {
    const receivers = receiversOf(option)
    const paying = movements.filter((movement) => {
      if (movement.amount <= 0n || movement.mint !== option.tokenAddress) return false
      if (option.tokenAddress === null) return receivers.wallets.has(movement.destination)
      return (
        receivers.tokenAccounts.has(movement.destination) ||
        receivers.wallets.has(tokenAccounts.get(movement.destination)?.owner ?? '')
      )
    })
    if (paying.length === 0) continue
    credits.push({
      optionId: option.id,
      logIndex: paying[0]!.index,
      amount: paying.reduce((sum, movement) => sum + movement.amount, 0n),
      payer: paying[0]!.from,
    })
  }
  if (credits.length) return { ok: true, credits }

  // Why nothing matched: money reached a recipient in another asset, or went elsewhere.
  const reachedRecipient = movements.some((movement) =>
    options.some((option) => {
      const receivers = receiversOf(option)
      return movement.mint === null
        ? receivers.wallets.has(movement.destination)
        : receivers.wallets.has(tokenAccounts.get(movement.destination)?.owner ?? '') ||
            receivers.ownAccountOf(movement.mint) === movement.destination
    }),
  )
  if (reachedRecipient) return { ok: false, reason: 'wrong_token' }
  if (movements.some((movement) => movement.amount > 0n)) return { ok: false, reason: 'wrong_recipient' }
  return { ok: false, reason: 'no_transfer' }
}

function receiversOf(option: ExpectedOption) {
  const wallets = new Set([option.recipient, ...(option.depositAddress ? [option.depositAddress] : [])])
  const ownAccountOf = (mint: string) => safeAta(option.recipient, mint)
  const tokenAccounts = new Set<string>()
  if (option.tokenAddress !== null)
    for (const wallet of wallets) tokenAccounts.add(safeAta(wallet, option.tokenAddress))
  return { wallets, tokenAccounts, ownAccountOf }
}

function safeAta(owner: string, mint: string): string {
  try {
    return findAssociatedTokenAddress(owner, mint)
  } catch {
    return ''
  }
}

/** Token accounts the transaction touched, by address: their mint and owner (from the token balances). */
function tokenAccountsOf(transaction: ParsedSolanaTransaction): Map<string, { mint: string; owner: string | null }> {
  const keys = transaction.transaction.message.accountKeys
  const accounts = new Map<string, { mint: string; owner: string | null }>()
  for (const balance of [
    ...(transaction.meta?.preTokenBalances ?? []),
    ...(transaction.meta?.postTokenBalances ?? []),
  ]) {
    const address = keys[balance.accountIndex]?.pubkey
    if (address) accounts.set(address, { mint: balance.mint, owner: balance.owner ?? null })
  }
  return accounts
}

function readMovements(transaction: ParsedSolanaTransaction): Movement[] {
  const tokenAccounts = tokenAccountsOf(transaction)
  const indexed: Array<[number, ParsedInstruction]> = transaction.transaction.message.instructions.map(
    (instruction, index) => [index, instruction],
  )
  for (const group of transaction.meta?.innerInstructions ?? []) {
    for (const [position, instruction] of group.instructions.entries())
      indexed.push([innerInstructionIndex(group.index, position), instruction])
  }
  const movements: Movement[] = []
  for (const [index, instruction] of indexed) {
    const parsed = instruction.parsed as { type?: unknown; info?: Record<string, unknown> } | undefined
    const info = parsed?.info
    if (!info || typeof parsed.type !== 'string') continue
    if (instruction.program === 'system' && parsed.type === 'transfer') {
      const lamports = atomic(info.lamports)
      if (lamports !== null && typeof info.destination === 'string')
        movements.push({
          index,
          mint: null,
          destination: info.destination,
          from: String(info.source),
          amount: lamports,
        })
    } else if (
      instruction.program === 'spl-token' &&
      (parsed.type === 'transfer' || parsed.type === 'transferChecked') &&
      typeof info.destination === 'string'
    ) {
      const checked = parsed.type === 'transferChecked'
      const amount = atomic(checked ? (info.tokenAmount as { amount?: unknown } | undefined)?.amount : info.amount)
      // transferChecked names its mint; a plain transfer's mint is the one its accounts hold.
      const mint = checked
        ? info.mint
        : (tokenAccounts.get(info.destination)?.mint ?? tokenAccounts.get(String(info.source))?.mint)
      const from = info.authority ?? info.multisigAuthority ?? tokenAccounts.get(String(info.source))?.owner
      if (amount !== null && typeof mint === 'string')
        movements.push({ index, mint, destination: info.destination, from: String(from ?? info.source), amount })
    }
  }
  return movements
}

function atomic(value: unknown): bigint | null {
  if (typeof value === 'string' && /^\d{1,20}$/.test(value)) return BigInt(value)
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  return null
}
