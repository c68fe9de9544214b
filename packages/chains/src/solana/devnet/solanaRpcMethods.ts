import { base58, base64 } from '@scure/base'
import { parseInstruction } from './parseInstruction.js'
import { invalidParams, RpcError } from './rpcError.js'
import type { AccountSnapshot, Commitment, SolanaLedger, TxRecord } from './solanaLedger.js'
import { BLOCKHASH_VALIDITY } from './solanaLedger.js'
import { feeForTransaction } from './feeForTransaction.js'
import { parsedTokenData, readTokenAccount, TOKEN_PROGRAM, uiTokenAmount } from './tokenAccounts.js'
import { decodeWireMessage, decodeWireTransaction, isSigner, isWritable } from './wireTransaction.js'

const API_VERSION = '2.2.0'
// eslint-disable-next-line no-loss-of-precision -- a validator sends u64::MAX here; every JSON reader in JS sees this same rounded number
const U64_MAX_RENT_EPOCH = 18446744073709551615
const SLOTS_PER_EPOCH = 432_000

type Params = unknown[]
export type RpcContext = {
  ledger: SolanaLedger
  /** Sends lamports from the faucet (requestAirdrop); resolves to the signature. */
  airdrop(address: string, lamports: bigint): Promise<string>
}

export function parseCommitment(value: unknown): Commitment {
  switch (value) {
    case undefined:
    case null:
    case 'finalized':
    case 'max':
    case 'root':
      return 'finalized'
    case 'confirmed':
    case 'single':
    case 'singleGossip':
      return 'confirmed'
    case 'processed':
    case 'recent':
      return 'processed'
    default:
      throw invalidParams(`unknown commitment ${String(value)}`)
  }
}

const cfg = (params: Params, index: number): Record<string, unknown> => {
  const v = params[index]
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
}

export function pubkeyParam(params: Params, index: number): string {
  const v = params[index]
  if (typeof v !== 'string') throw invalidParams('address expected')
  let bytes: Uint8Array
  try {
    bytes = base58.decode(v)
  } catch {
    throw new RpcError(-32602, 'Invalid param: Invalid')
  }
  if (bytes.length !== 32) throw new RpcError(-32602, 'Invalid param: WrongSize')
  return v
}

const atLeastConfirmed = (c: Commitment) => {
  if (c === 'processed') throw new RpcError(-32602, 'Method does not support commitment below `confirmed`')
  return c
}

export function encodeAccount(ledger: SolanaLedger, account: AccountSnapshot, encoding: unknown) {
  let data: unknown
  switch (encoding) {
    case 'base58':
      data = [base58.encode(account.data), 'base58']
      break
    case 'jsonParsed':
      data = parsedTokenData(account, (mint) => ledger.decimalsOf(mint)) ?? [base64.encode(account.data), 'base64']
      break
    case undefined:
    case 'base64':
    case 'binary':
      data = encoding === 'binary' ? base58.encode(account.data) : [base64.encode(account.data), 'base64']
      break
    default:
      throw invalidParams(`unsupported encoding ${JSON.stringify(encoding)}`)
  }
  return {
    data,
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.owner,
    rentEpoch: U64_MAX_RENT_EPOCH,
    space: account.data.length,
  }
}

function decodeParamTransaction(params: Params) {
  const encoded = params[0]
  const encoding = cfg(params, 1).encoding ?? 'base58'
  if (typeof encoded !== 'string') throw invalidParams('transaction expected')
  let wire: Uint8Array
  try {
    if (encoding === 'base64') wire = base64.decode(encoded)
    else if (encoding === 'base58') wire = base58.decode(encoded)
    else throw new Error(`unsupported encoding: ${JSON.stringify(encoding)}`)
  } catch (e) {
    throw new RpcError(-32602, `failed to decode transaction: ${(e as Error).message}`)
  }
  return { wire, tx: decodeWireTransaction(wire) }
}

function status(record: TxRecord) {
  return record.err === null ? { Ok: null } : { Err: record.err }
}

function encodeTransaction(ledger: SolanaLedger, record: TxRecord, encoding: unknown, maxVersion: unknown) {
  const wire = base64.decode(record.wire)
  const tx = decodeWireTransaction(wire)
  if (tx.version === 0 && maxVersion === undefined) {
    throw new RpcError(
      -32015,
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
    )
  }
  const parsed = encoding === 'jsonParsed'
  let transaction: unknown
  if (encoding === 'base64') transaction = [record.wire, 'base64']
  else if (encoding === 'base58') transaction = [base58.encode(wire), 'base58']
  else if (encoding === undefined || encoding === 'json' || parsed) {
    const message = parsed
      ? {
          accountKeys: tx.accountKeys.map((pubkey, i) => ({
            pubkey,
            signer: isSigner(tx, i),
            source: 'transaction',
            writable: isWritable(tx, i),
          })),
          instructions: tx.instructions.map((ix) => parseInstruction(ix, tx.accountKeys, null)),
          recentBlockhash: tx.recentBlockhash,
        }
      : {
          accountKeys: tx.accountKeys,
          header: tx.header,
          instructions: tx.instructions.map((ix) => ({
            accounts: ix.accounts,
            data: base58.encode(ix.data),
            programIdIndex: ix.programIdIndex,
            stackHeight: null,
          })),
          recentBlockhash: tx.recentBlockhash,
        }
    transaction = {
      message: tx.version === 0 ? { ...message, addressTableLookups: [] } : message,
      signatures: tx.signatures.map((s) => base58.encode(s)),
    }
  } else throw invalidParams(`unsupported encoding ${JSON.stringify(encoding)}`)
  const innerInstructions = record.innerInstructions.map((group) => ({
    index: group.index,
    instructions: group.instructions.map((ix) =>
      parsed
        ? parseInstruction(
            { programIdIndex: ix.programIdIndex, accounts: ix.accounts, data: base58.decode(ix.data) },
            tx.accountKeys,
            ix.stackHeight,
          )
        : ix,
    ),
  }))
  return {
    blockTime: record.blockTime,
    meta: {
      computeUnitsConsumed: record.computeUnitsConsumed,
      err: record.err,
      fee: record.fee,
      innerInstructions,
      loadedAddresses: { readonly: [], writable: [] },
      logMessages: record.logMessages,
      postBalances: record.postBalances,
      postTokenBalances: record.postTokenBalances,
      preBalances: record.preBalances,
      preTokenBalances: record.preTokenBalances,
      rewards: [],
      status: status(record),
    },
    slot: record.slot,
    transaction,
    ...(maxVersion === undefined ? {} : { version: tx.version }),
  }
}

/** The JSON-RPC methods, by name. A name missing here is answered -32601. */
export function solanaRpcMethods({ ledger, airdrop }: RpcContext) {
  const ctx = (c: Commitment) => ({ apiVersion: API_VERSION, slot: ledger.commitSlot(c) })
  const commitmentOf = (params: Params, index: number) => parseCommitment(cfg(params, index).commitment)

  const tokenAccountsByOwner = (params: Params) => {
    const owner = pubkeyParam(params, 0)
    const filter = cfg(params, 1)
    const config = cfg(params, 2)
    const c = parseCommitment(config.commitment)
    let mint: string | undefined
    if (typeof filter.mint === 'string') mint = pubkeyParam([filter.mint], 0)
    else if (typeof filter.programId === 'string') {
      if (filter.programId !== TOKEN_PROGRAM) {
        throw new RpcError(-32602, 'Invalid param: unrecognized Token program id')
      }
    } else throw invalidParams('filter must be { mint } or { programId }')
    const value = []
    for (const entry of ledger.svm.getProgramAccounts(TOKEN_PROGRAM as never)) {
      const address = entry.address as string
      const account = ledger.account(address, c)
      const token = readTokenAccount(account)
      if (!account || !token || token.owner !== owner || (mint && token.mint !== mint)) continue
      value.push({ account: encodeAccount(ledger, account, config.encoding), pubkey: address })
    }
    return { context: ctx(c), value }
  }

  const methods: Record<string, (params: Params) => unknown> = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'feature-set': 3294202862, 'solana-core': API_VERSION }),
    getGenesisHash: () => ledger.genesisHash,
    getSlot: (params) => ledger.commitSlot(commitmentOf(params, 0)),
    getBlockHeight: (params) => ledger.commitSlot(commitmentOf(params, 0)),
    getTransactionCount: () => ledger.transactionCount,
    getEpochInfo: (params) => {
      const slot = ledger.commitSlot(commitmentOf(params, 0))
      return {
        absoluteSlot: slot,
        blockHeight: slot,
        epoch: Math.floor(slot / SLOTS_PER_EPOCH),
        slotIndex: slot % SLOTS_PER_EPOCH,
        slotsInEpoch: SLOTS_PER_EPOCH,
        transactionCount: ledger.transactionCount,
      }
    },
    getLatestBlockhash: (params) => {
      const c = commitmentOf(params, 0)
      const slot = ledger.commitSlot(c)
      return {
        context: ctx(c),
        value: { blockhash: ledger.blockhash(slot), lastValidBlockHeight: slot + BLOCKHASH_VALIDITY },
      }
    },
    isBlockhashValid: (params) => {
      const hash = params[0]
      if (typeof hash !== 'string') throw invalidParams('blockhash expected')
      const c = commitmentOf(params, 1)
      const slot = ledger.blockhashSlot(hash)
      return { context: ctx(c), value: slot !== null && slot <= ledger.commitSlot(c) }
    },
    getBalance: (params) => {
      const c = commitmentOf(params, 1)
      return { context: ctx(c), value: Number(ledger.account(pubkeyParam(params, 0), c)?.lamports ?? 0n) }
    },
    getAccountInfo: (params) => {
      const config = cfg(params, 1)
      const c = parseCommitment(config.commitment)
      const account = ledger.account(pubkeyParam(params, 0), c)
      return { context: ctx(c), value: account ? encodeAccount(ledger, account, config.encoding) : null }
    },
    getMultipleAccounts: (params) => {
      const list = params[0]
      if (!Array.isArray(list)) throw invalidParams('addresses expected')
      if (list.length > 100) throw invalidParams('Too many inputs provided; max 100')
      const config = cfg(params, 1)
      const c = parseCommitment(config.commitment)
      return {
        context: ctx(c),
        value: list.map((_, i) => {
          const account = ledger.account(pubkeyParam(list, i), c)
          return account ? encodeAccount(ledger, account, config.encoding) : null
        }),
      }
    },
    getTokenAccountsByOwner: tokenAccountsByOwner,
    getTokenAccountBalance: (params) => {
      const c = commitmentOf(params, 1)
      const token = readTokenAccount(ledger.account(pubkeyParam(params, 0), c))
      if (!token) throw new RpcError(-32602, 'Invalid param: could not find account')
      return { context: ctx(c), value: uiTokenAmount(token.amount, ledger.decimalsOf(token.mint) ?? 0) }
    },
    getMinimumBalanceForRentExemption: (params) => {
      const size = params[0]
      if (typeof size !== 'number' || !Number.isInteger(size) || size < 0) throw invalidParams('size expected')
      return Number(ledger.svm.minimumBalanceForRentExemption(BigInt(size)))
    },
    getFeeForMessage: (params) => {
      const c = commitmentOf(params, 1)
      const message = params[0]
      if (typeof message !== 'string') throw invalidParams('message expected')
      const tx = decodeWireMessage(base64.decode(message))
      return {
        context: ctx(c),
        value: ledger.blockhashSlot(tx.recentBlockhash) === null ? null : Number(feeForTransaction(tx)),
      }
    },
    getRecentPrioritizationFees: () => [],
    getSignatureStatuses: (params) => {
      const list = params[0]
      if (!Array.isArray(list)) throw invalidParams('signatures expected')
      if (list.length > 256) throw invalidParams('Too many inputs provided; max 256')
      return {
        context: ctx('processed'),
        value: list.map((sig) => {
          const record = ledger.records.get(String(sig))
          if (!record) return null
          const level = ledger.commitmentOf(record.slot)
          return {
            confirmationStatus: level,
            confirmations: level === 'finalized' ? null : ledger.slot - record.slot,
            err: record.err,
            slot: record.slot,
            status: status(record),
          }
        }),
      }
    },
    getSignaturesForAddress: (params) => {
      const address = pubkeyParam(params, 0)
      const config = cfg(params, 1)
      const c = atLeastConfirmed(parseCommitment(config.commitment))
      const limit = config.limit === undefined ? 1000 : Number(config.limit)
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw invalidParams('limit must be 1..1000')
      let list = ledger.signaturesFor(address, c)
      if (typeof config.before === 'string') {
        const i = list.findIndex((r) => r.signature === config.before)
        list = i === -1 ? [] : list.slice(i + 1)
      }
      if (typeof config.until === 'string') {
        const i = list.findIndex((r) => r.signature === config.until)
        if (i !== -1) list = list.slice(0, i)
      }
      return list.slice(0, limit).map((r) => ({
        blockTime: r.blockTime,
        confirmationStatus: ledger.commitmentOf(r.slot),
        err: r.err,
        memo: null,
        signature: r.signature,
        slot: r.slot,
      }))
    },
    getTransaction: (params) => {
      const signature = params[0]
      if (typeof signature !== 'string') throw invalidParams('signature expected')
      const config = cfg(params, 1)
      const c = atLeastConfirmed(parseCommitment(config.commitment))
      const record = ledger.records.get(signature)
      if (!record || record.slot > ledger.commitSlot(c)) return null
      return encodeTransaction(ledger, record, config.encoding, config.maxSupportedTransactionVersion)
    },
    simulateTransaction: (params) => {
      const config = cfg(params, 1)
      const c = parseCommitment(config.commitment)
      const { tx } = decodeParamTransaction(params)
      const replace = config.replaceRecentBlockhash === true
      if (replace && config.sigVerify === true) {
        throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
      }
      const sim = ledger.simulate(tx, config.sigVerify === true, !replace)
      return {
        context: ctx(c),
        value: {
          accounts: null,
          err: sim.err,
          innerInstructions: null,
          logs: sim.logs,
          replacementBlockhash: replace
            ? { blockhash: ledger.blockhash(ledger.slot), lastValidBlockHeight: ledger.slot + BLOCKHASH_VALIDITY }
            : null,
          returnData: null,
          unitsConsumed: sim.unitsConsumed,
        },
      }
    },
    sendTransaction: (params) => {
      const { tx, wire } = decodeParamTransaction(params)
      return ledger.submit(tx, wire, cfg(params, 1).skipPreflight === true)
    },
    requestAirdrop: (params) => {
      const address = pubkeyParam(params, 0)
      const lamports = params[1]
      if (typeof lamports !== 'number' || !Number.isSafeInteger(lamports) || lamports <= 0) {
        throw invalidParams('lamports expected')
      }
      return airdrop(address, BigInt(lamports))
    },
  }
  return methods
}
