import { createHash, createPublicKey, verify as verifySignature } from 'node:crypto'
import { base58, base64 } from '@scure/base'
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm'
import { feeForTransaction } from './feeForTransaction.js'
import { RpcError } from './rpcError.js'
import { readMint, readTokenAccount, TOKEN_PROGRAM, uiTokenAmount, type RawAccount } from './tokenAccounts.js'
import { transactionErrorJson, transactionErrorText, type TransactionErrorJson } from './transactionError.js'
import { isWritable, type WireTransaction } from './wireTransaction.js'

export type Commitment = 'processed' | 'confirmed' | 'finalized'

/** An account as the devnet keeps and reports it. */
export type AccountSnapshot = RawAccount & { executable: boolean; space: number }

export type TokenBalance = {
  accountIndex: number
  mint: string
  owner: string
  programId: string
  uiTokenAmount: ReturnType<typeof uiTokenAmount>
}

/** One landed transaction with the meta a validator stores for it. */
export type TxRecord = {
  signature: string
  slot: number
  blockTime: number
  /** base64 of the wire transaction, as received. */
  wire: string
  accountKeys: string[]
  writable: string[]
  err: TransactionErrorJson | null
  fee: number
  preBalances: number[]
  postBalances: number[]
  preTokenBalances: TokenBalance[]
  postTokenBalances: TokenBalance[]
  logMessages: string[]
  computeUnitsConsumed: number
  innerInstructions: {
    index: number
    instructions: { programIdIndex: number; accounts: number[]; data: string; stackHeight: number }[]
  }[]
}

export type LedgerOptions = {
  genesisHash: string
  slot: number
  confirmDepth: number
  finalizeDepth: number
}

/** A blockhash stays valid for 150 blocks on a real cluster; the devnet keeps that rule. */
export const BLOCKHASH_VALIDITY = 150
const SYSVAR_OWNER = 'Sysvar1111111111111111111111111111111111111'

type Pending = { tx: WireTransaction; wire: Uint8Array; signature: string }
type SvmAddress = Parameters<LiteSVM['getAccount']>[0]
type SvmTransaction = Parameters<LiteSVM['sendTransaction']>[0]

/**
 * The chain behind the devnet: LiteSVM executes, this class keeps what a validator keeps around
 * it - slots, blockhashes, the transaction history with meta, and per-commitment views of the
 * accounts that changed in slots not yet finalized (so a processed-only change is not visible at
 * `finalized`).
 */
export class SolanaLedger {
  readonly svm: LiteSVM
  readonly genesisHash: string
  slot: number
  readonly confirmDepth: number
  readonly finalizeDepth: number
  readonly records = new Map<string, TxRecord>()
  /** Signatures per address, oldest first (each tx whose account keys include the address). */
  private readonly byAddress = new Map<string, string[]>()
  /** Accounts the devnet created or a transaction touched: what a saved state holds. */
  readonly touched = new Set<string>()
  private pending: Pending[] = []
  private readonly pendingSignatures = new Set<string>()
  /** Account states after each not-yet-finalized slot that changed them; slot -1 = before. */
  private readonly history = new Map<string, { slot: number; account: AccountSnapshot | null }[]>()
  transactionCount = 0

  constructor(svm: LiteSVM, options: LedgerOptions) {
    this.svm = svm
    this.genesisHash = options.genesisHash
    this.slot = options.slot
    this.confirmDepth = options.confirmDepth
    this.finalizeDepth = options.finalizeDepth
  }

  /** Highest slot visible at a commitment level. */
  commitSlot(commitment: Commitment = 'finalized'): number {
    if (commitment === 'processed') return this.slot
    const depth = commitment === 'confirmed' ? this.confirmDepth : this.finalizeDepth
    return Math.max(0, this.slot - depth)
  }

  commitmentOf(slot: number): Commitment {
    if (slot <= this.commitSlot('finalized')) return 'finalized'
    if (slot <= this.commitSlot('confirmed')) return 'confirmed'
    return 'processed'
  }

  /** The blockhash of a slot: derived from the genesis hash, so it survives restarts. */
  blockhash(slot: number): string {
    return base58.encode(createHash('sha256').update(`${this.genesisHash}:${slot}`).digest())
  }

  /** The slot whose blockhash this is, if it is still within the validity window. */
  blockhashSlot(hash: string): number | null {
    for (let s = this.slot; s >= Math.max(0, this.slot - BLOCKHASH_VALIDITY); s--) {
      if (this.blockhash(s) === hash) return s
    }
    return null
  }

  current(address: string): AccountSnapshot | null {
    const a = this.svm.getAccount(address as SvmAddress)
    if (!a.exists) return null
    return {
      owner: a.programAddress,
      data: new Uint8Array(a.data),
      lamports: a.lamports,
      executable: a.executable,
      space: Number(a.space),
    }
  }

  /** The account as seen at a commitment level. */
  account(address: string, commitment: Commitment = 'finalized'): AccountSnapshot | null {
    const entries = this.history.get(address)
    if (!entries) return this.current(address)
    const bound = this.commitSlot(commitment)
    let found: AccountSnapshot | null = null
    for (const e of entries) if (e.slot <= bound) found = e.account
    return found
  }

  decimalsOf(mint: string): number | null {
    return readMint(this.current(mint))?.decimals ?? null
  }

  /** Puts an account in place outside any transaction (genesis accounts, a restored state). */
  setAccount(address: string, account: AccountSnapshot): void {
    this.svm.setAccount({
      address: address as SvmAddress,
      data: account.data,
      executable: account.executable,
      lamports: account.lamports as never,
      programAddress: account.owner as SvmAddress,
      space: BigInt(account.data.length),
    })
    this.touched.add(address)
  }

  private svmTransaction(tx: WireTransaction): SvmTransaction {
    const signatures: Record<string, Uint8Array> = {}
    tx.signatures.forEach((sig, i) => {
      signatures[tx.accountKeys[i] ?? ''] = sig
    })
    return { messageBytes: tx.messageBytes, signatures } as unknown as SvmTransaction
  }

  /** Ed25519 check of every signature, as the RPC does before accepting a transaction. */
  verifySignatures(tx: WireTransaction): boolean {
    return tx.signatures.every((sig, i) => {
      const key = tx.accountKeys[i]
      if (!key) return false
      try {
        const publicKey = createPublicKey({
          key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(base58.decode(key)).toString('base64url') },
          format: 'jwk',
        })
        return verifySignature(null, tx.messageBytes, publicKey, sig)
      } catch {
        return false
      }
    })
  }

  /** Runs a transaction without committing it; `err` null means it would succeed. */
  simulate(tx: WireTransaction, sigVerify: boolean, checkBlockhash = true) {
    if (checkBlockhash && this.blockhashSlot(tx.recentBlockhash) === null) {
      return { err: 'BlockhashNotFound' as TransactionErrorJson, logs: [], unitsConsumed: 0 }
    }
    const signature = base58.encode(tx.signatures[0] ?? new Uint8Array(64))
    if (this.records.has(signature) || this.pendingSignatures.has(signature)) {
      return { err: 'AlreadyProcessed' as TransactionErrorJson, logs: [], unitsConsumed: 0 }
    }
    this.svm.withSigverify(sigVerify)
    try {
      const result = this.svm.simulateTransaction(this.svmTransaction(tx))
      const meta = result.meta()
      return {
        err: result instanceof FailedTransactionMetadata ? transactionErrorJson(result) : null,
        logs: meta.logs(),
        unitsConsumed: Number(meta.computeUnitsConsumed()),
      }
    } finally {
      this.svm.withSigverify(true)
    }
  }

  /**
   * What `sendTransaction` does: verify signatures, run the preflight simulation unless skipped,
   * and queue the transaction for the next slot. Returns its signature.
   */
  submit(tx: WireTransaction, wire: Uint8Array, skipPreflight: boolean): string {
    if (tx.lookupCount > 0) {
      throw new RpcError(-32602, 'invalid transaction: address lookup tables are not supported by the devnet')
    }
    if (!this.verifySignatures(tx)) {
      throw new RpcError(-32003, 'Transaction signature verification failure')
    }
    const signature = base58.encode(tx.signatures[0] ?? new Uint8Array(64))
    if (!skipPreflight) {
      const sim = this.simulate(tx, true)
      if (sim.err !== null) {
        throw new RpcError(-32002, `Transaction simulation failed: ${transactionErrorText(sim.err)}`, {
          accounts: null,
          err: sim.err,
          innerInstructions: null,
          logs: sim.logs,
          replacementBlockhash: null,
          returnData: null,
          unitsConsumed: sim.unitsConsumed,
        })
      }
    }
    // A duplicate is ignored, as the validator's status cache does.
    if (this.records.has(signature) || this.pendingSignatures.has(signature)) return signature
    this.pending.push({ tx, wire, signature })
    this.pendingSignatures.add(signature)
    return signature
  }

  private tokenBalances(keys: string[], accounts: (AccountSnapshot | null)[]): TokenBalance[] {
    const out: TokenBalance[] = []
    accounts.forEach((account, accountIndex) => {
      const token = readTokenAccount(account)
      if (!token || keys[accountIndex] === undefined) return
      out.push({
        accountIndex,
        mint: token.mint,
        owner: token.owner,
        programId: TOKEN_PROGRAM,
        uiTokenAmount: uiTokenAmount(token.amount, this.decimalsOf(token.mint) ?? 0),
      })
    })
    return out
  }

  private remember(address: string, slot: number, before: AccountSnapshot | null, after: AccountSnapshot | null) {
    let entries = this.history.get(address)
    if (!entries) {
      entries = [{ slot: -1, account: before }]
      this.history.set(address, entries)
    }
    const last = entries[entries.length - 1]
    if (last && last.slot === slot) last.account = after
    else entries.push({ slot, account: after })
  }

  private execute(p: Pending, slot: number, blockTime: number): TxRecord | null {
    const { tx } = p
    const keys = tx.accountKeys
    if (this.blockhashSlot(tx.recentBlockhash) === null) return null
    const before = keys.map((k) => this.current(k))
    const result = this.svm.sendTransaction(this.svmTransaction(tx))
    const after = keys.map((k) => this.current(k))
    const feePayerCharged = (before[0]?.lamports ?? 0n) !== (after[0]?.lamports ?? 0n)
    // Rejected before execution (no fee taken): a validator drops it and records nothing.
    if (result instanceof FailedTransactionMetadata && !feePayerCharged) return null
    const meta: TransactionMetadata = result instanceof FailedTransactionMetadata ? result.meta() : result
    const writable = keys.filter((_, i) => isWritable(tx, i))
    keys.forEach((k, i) => {
      this.touched.add(k)
      if (isWritable(tx, i)) this.remember(k, slot, before[i] ?? null, after[i] ?? null)
    })
    let innerInstructions: TxRecord['innerInstructions'] = []
    try {
      innerInstructions = meta
        .innerInstructions()
        .map((list, index) => ({
          index,
          instructions: list.map((inner) => {
            const ci = inner.instruction()
            return {
              programIdIndex: ci.programIdIndex(),
              accounts: Array.from(ci.accounts()),
              data: base58.encode(ci.data()),
              stackHeight: inner.stackHeight(),
            }
          }),
        }))
        .filter((entry) => entry.instructions.length > 0)
    } catch {
      innerInstructions = []
    }
    return {
      signature: p.signature,
      slot,
      blockTime,
      wire: base64.encode(p.wire),
      accountKeys: keys,
      writable,
      err: result instanceof FailedTransactionMetadata ? transactionErrorJson(result) : null,
      fee: Number(feeForTransaction(tx)),
      preBalances: before.map((a) => Number(a?.lamports ?? 0n)),
      postBalances: after.map((a) => Number(a?.lamports ?? 0n)),
      preTokenBalances: this.tokenBalances(keys, before),
      postTokenBalances: this.tokenBalances(keys, after),
      logMessages: meta.logs(),
      computeUnitsConsumed: Number(meta.computeUnitsConsumed()),
      innerInstructions,
    }
  }

  addRecord(record: TxRecord): void {
    this.records.set(record.signature, record)
    for (const key of new Set(record.accountKeys)) {
      let list = this.byAddress.get(key)
      if (!list) this.byAddress.set(key, (list = []))
      list.push(record.signature)
    }
    this.transactionCount++
  }

  /** Produces the next slot: executes the queued transactions in it. Returns what landed. */
  advance(): TxRecord[] {
    const slot = this.slot + 1
    this.slot = slot
    const clock = this.svm.getClock()
    const blockTime = Math.floor(Date.now() / 1000)
    clock.slot = BigInt(slot)
    clock.unixTimestamp = BigInt(blockTime)
    this.svm.setClock(clock)
    const queue = this.pending
    this.pending = []
    this.pendingSignatures.clear()
    const landed: TxRecord[] = []
    for (const p of queue) {
      const record = this.execute(p, slot, blockTime)
      if (record) {
        this.addRecord(record)
        landed.push(record)
      }
    }
    this.prune()
    return landed
  }

  /** Forgets per-slot account states once the slot is finalized. */
  private prune(): void {
    const final = this.commitSlot('finalized')
    for (const [address, entries] of this.history) {
      let keepFrom = 0
      entries.forEach((e, i) => {
        if (e.slot <= final) keepFrom = i
      })
      const kept = entries.slice(keepFrom)
      if (kept.length === 1 && (kept[0]?.slot ?? 0) <= final) this.history.delete(address)
      else this.history.set(address, kept)
    }
  }

  /** Signatures that include an address, newest first, visible at the commitment. */
  signaturesFor(address: string, commitment: Commitment): TxRecord[] {
    const bound = this.commitSlot(commitment)
    const list = this.byAddress.get(address) ?? []
    const out: TxRecord[] = []
    for (let i = list.length - 1; i >= 0; i--) {
      const record = this.records.get(list[i] ?? '')
      if (record && record.slot <= bound) out.push(record)
    }
    return out
  }

  /** Accounts worth saving: everything created or touched, minus programs and sysvars. */
  savedAccounts(): { address: string; lamports: string; owner: string; executable: boolean; data: string }[] {
    const out = []
    for (const address of [...this.touched].sort()) {
      const a = this.current(address)
      if (!a || a.executable || a.owner === SYSVAR_OWNER) continue
      out.push({
        address,
        lamports: a.lamports.toString(),
        owner: a.owner,
        executable: a.executable,
        data: base64.encode(a.data),
      })
    }
    return out
  }
}
