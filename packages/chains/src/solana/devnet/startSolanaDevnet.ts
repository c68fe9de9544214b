import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import {
  address as toAddress,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit'
import { base58, base64 } from '@scure/base'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintEncoder,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { LiteSVM } from 'litesvm'
import WebSocket from 'ws'
import { readSavedState } from '../../devnetFace/readSavedState.js'
import { keepStateSaved } from '../../devnetFace/keepStateSaved.js'
import { listenOnLoopback } from '../../devnetFace/listenOnLoopback.js'
import { allowRpcCors } from './allowRpcCors.js'
import { RpcError } from './rpcError.js'
import { SolanaLedger, type Commitment, type TxRecord } from './solanaLedger.js'
import { encodeAccount, parseCommitment, pubkeyParam, solanaRpcMethods } from './solanaRpcMethods.js'
import { MINT_SIZE, SYSTEM_PROGRAM, TOKEN_PROGRAM } from './tokenAccounts.js'
import { decodeWireTransaction } from './wireTransaction.js'

export const TEST_USD_DECIMALS = 6
const LAMPORTS_PER_SOL = 1_000_000_000n
/** The faucet's float: 1M SOL keeps every lamport figure a safe JSON number. */
const FAUCET_LAMPORTS = 1_000_000n * LAMPORTS_PER_SOL
const STATE_FORMAT = 'paylink-solana-devnet/1'

export type SolanaDevnetOptions = {
  /** Slot length in ms (default 400, like mainnet). */
  slotMs?: number
  /** Slots after which a transaction's slot is `confirmed` (default 1). */
  confirmDepth?: number
  /** Slots after which it is `finalized` (default 8; 32 on a real cluster). */
  finalizeDepth?: number
  /** JSON state file: loaded at start when it exists, written after slots with transactions and on close. */
  statePath?: string
  /** Debounce of the automatic save (default 500 ms). */
  saveDebounceMs?: number
  /** Base58 public keys funded once (first time they are listed) with SOL and Test USD. */
  fundAccounts?: string[]
  /** Lamports per funded account (default 100 SOL). */
  fundLamports?: bigint
  /** Test USD base units per funded account (default 10,000 Test USD). */
  fundTestUsd?: bigint
  /** Commitment the start waits for on new funding (default 'finalized': visible at the RPC default). */
  fundingCommitment?: Commitment
}

export type SolanaDevnet = {
  /** `http://127.0.0.1:<port>`: JSON-RPC over HTTP (POST, batches, CORS). */
  rpcUrl: string
  /** `ws://127.0.0.1:<port>`: the subscriptions, same port. */
  wsUrl: string
  genesisHash: string
  /** `solana:<first 32 characters of the genesis hash>`: a new chain (reset) is a new network. */
  caipNetworkId: `solana:${string}`
  /** The Test USD mint (base58), 6 decimals, kept across restarts. */
  mint: string
  /** The faucet account (fee payer of airdrops and faucet transfers, Test USD mint authority). */
  faucetAddress: string
  ledger: SolanaLedger
  /**
   * Sends `amount` base units of `asset` ('native' = lamports, or the Test USD mint address) to
   * `address` in a real transaction (creating the associated token account when missing).
   * Resolves to the signature once queued; it lands in the next slot.
   */
  faucet(address: string, asset: string, amount: bigint): Promise<string>
  /** Resolves when the signature reaches the commitment (rejects after `timeoutMs`, default 30 s). */
  waitForSignature(signature: string, commitment?: Commitment, timeoutMs?: number): Promise<TxRecord>
  /** Writes the state JSON (default: `options.statePath`). */
  saveState(path?: string): Promise<void>
  /** Stops the slot clock: from then on a slot comes only when `nextSlot` is called (the bench sets the moment a transaction is finalized). */
  holdSlots(): void
  /** Makes the next slot now: queued transactions land, earlier slots confirm and finalize. */
  nextSlot(): void
  /** Stops slots, closes sockets and the server, and saves the state when `statePath` is set. */
  close(): Promise<void>
}

type SavedState = {
  format: typeof STATE_FORMAT
  genesisHash: string
  slot: number
  faucetSeed: string
  mint: string
  funded: string[]
  accounts: { address: string; lamports: string; owner: string; executable: boolean; data: string }[]
  transactions: TxRecord[]
}

type Subscription =
  | { kind: 'slot'; id: number; socket: WebSocket }
  | { kind: 'signature'; id: number; socket: WebSocket; signature: string; commitment: Commitment }
  | { kind: 'account'; id: number; socket: WebSocket; address: string; commitment: Commitment; encoding: unknown }

/**
 * The demo's Solana devnet: LiteSVM behind a JSON-RPC + WebSocket server on 127.0.0.1 (port
 * picked by the OS), with slots in real time, honest commitment levels, a Test USD mint,
 * funded accounts and a state file that survives restarts.
 */
export async function startSolanaDevnet(options: SolanaDevnetOptions = {}): Promise<SolanaDevnet> {
  const slotMs = options.slotMs ?? 400
  const saved = await readSavedState<SavedState>(options.statePath, STATE_FORMAT, 'Solana')
  const svm = new LiteSVM().withBlockhashCheck(false).withTransactionHistory(0n)
  const ledger = new SolanaLedger(svm, {
    genesisHash: saved?.genesisHash ?? base58.encode(randomBytes(32)),
    slot: saved?.slot ?? 0,
    confirmDepth: options.confirmDepth ?? 1,
    finalizeDepth: options.finalizeDepth ?? 8,
  })
  const faucetSeed = saved ? base64.decode(saved.faucetSeed) : new Uint8Array(randomBytes(32))
  const faucetSigner: KeyPairSigner = await createKeyPairSignerFromPrivateKeyBytes(faucetSeed)
  const funded = new Set(saved?.funded ?? [])
  let mint: string
  if (saved) {
    for (const a of saved.accounts) {
      ledger.setAccount(a.address, {
        owner: a.owner,
        lamports: BigInt(a.lamports),
        data: base64.decode(a.data),
        executable: a.executable,
        space: 0,
      })
    }
    for (const record of saved.transactions) ledger.addRecord(record)
    mint = saved.mint
  } else {
    // Genesis: the faucet's float and the Test USD mint (authority: the faucet).
    ledger.setAccount(faucetSigner.address, {
      owner: SYSTEM_PROGRAM,
      lamports: FAUCET_LAMPORTS,
      data: new Uint8Array(),
      executable: false,
      space: 0,
    })
    mint = base58.encode(randomBytes(32))
    const data = new Uint8Array(
      getMintEncoder().encode({
        mintAuthority: faucetSigner.address,
        supply: 0n,
        decimals: TEST_USD_DECIMALS,
        isInitialized: true,
        freezeAuthority: null,
      }),
    )
    ledger.setAccount(mint, {
      owner: TOKEN_PROGRAM,
      lamports: svm.minimumBalanceForRentExemption(BigInt(MINT_SIZE)),
      data,
      executable: false,
      space: MINT_SIZE,
    })
  }
  const clock = svm.getClock()
  clock.slot = BigInt(ledger.slot)
  svm.setClock(clock)

  let faucetNonce = 0
  async function sendFromFaucet(instructions: Instruction[]): Promise<string> {
    // A varying compute-unit limit keeps two equal faucet requests in one slot distinct
    // transactions (same message = same signature otherwise). It does not change the fee.
    const nonce: Instruction = {
      programAddress: toAddress('ComputeBudget111111111111111111111111111111'),
      data: new Uint8Array([2, ...new Uint8Array(new Uint32Array([200_000 + (faucetNonce++ % 100_000)]).buffer)]),
    }
    const message = pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayerSigner(faucetSigner, m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: ledger.blockhash(ledger.slot) as never, lastValidBlockHeight: BigInt(ledger.slot + 150) },
          m,
        ),
      (m) => appendTransactionMessageInstructions([nonce, ...instructions], m),
    )
    const signed = await signTransactionMessageWithSigners(message)
    const wire = new Uint8Array(getTransactionEncoder().encode(signed))
    return ledger.submit(decodeWireTransaction(wire), wire, false)
  }

  async function faucet(to: string, asset: string, amount: bigint): Promise<string> {
    const owner = pubkeyParam([to], 0)
    if (amount <= 0n) throw new Error('faucet amount must be positive')
    if (asset === 'native') {
      return sendFromFaucet([
        getTransferSolInstruction({ source: faucetSigner, destination: toAddress(owner), amount }),
      ])
    }
    if (asset !== mint) throw new Error(`the Solana devnet faucet has no asset ${asset}`)
    const [ata] = await findAssociatedTokenPda({
      owner: toAddress(owner),
      mint: toAddress(mint),
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    return sendFromFaucet([
      getCreateAssociatedTokenIdempotentInstruction({
        payer: faucetSigner,
        ata,
        owner: toAddress(owner),
        mint: toAddress(mint),
      }),
      getMintToInstruction({ mint: toAddress(mint), token: ata, mintAuthority: faucetSigner, amount }),
    ])
  }

  // --- subscriptions -------------------------------------------------------------------------
  const subscriptions = new Map<number, Subscription>()
  let nextSubscription = 0
  const send = (socket: WebSocket, payload: unknown) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(payload))
  }
  const notify = (sub: Subscription, method: string, result: unknown) =>
    send(sub.socket, { jsonrpc: '2.0', method, params: { result, subscription: sub.id } })
  const closedAccount = {
    data: ['', 'base64'],
    executable: false,
    lamports: 0,
    owner: SYSTEM_PROGRAM,
    rentEpoch: 0,
    space: 0,
  }

  const waiters = new Set<{ signature: string; commitment: Commitment; resolve(r: TxRecord): void }>()
  const recentBySlot = new Map<number, TxRecord[]>()

  function onSlot(landed: TxRecord[]) {
    const slot = ledger.slot
    recentBySlot.set(slot, landed)
    recentBySlot.delete(slot - ledger.finalizeDepth - 1)
    for (const sub of subscriptions.values()) {
      if (sub.kind === 'slot')
        notify(sub, 'slotNotification', { parent: slot - 1, root: ledger.commitSlot('finalized'), slot })
    }
    for (const level of ['processed', 'confirmed', 'finalized'] as const) {
      const levelSlot = ledger.commitSlot(level)
      const records = recentBySlot.get(levelSlot) ?? []
      if (records.length === 0) continue
      const bySignature = new Map(records.map((r) => [r.signature, r]))
      const changed = new Set(records.flatMap((r) => r.writable))
      for (const sub of [...subscriptions.values()]) {
        if (sub.kind === 'signature' && sub.commitment === level) {
          const r = bySignature.get(sub.signature)
          if (r) {
            notify(sub, 'signatureNotification', { context: { slot: r.slot }, value: { err: r.err } })
            subscriptions.delete(sub.id)
          }
        } else if (sub.kind === 'account' && sub.commitment === level && changed.has(sub.address)) {
          const account = ledger.account(sub.address, level)
          notify(sub, 'accountNotification', {
            context: { slot: levelSlot },
            value: account ? encodeAccount(ledger, account, sub.encoding) : closedAccount,
          })
        }
      }
      for (const w of [...waiters]) {
        const r = bySignature.get(w.signature)
        if (r && w.commitment === level) {
          waiters.delete(w)
          w.resolve(r)
        }
      }
    }
  }

  function waitForSignature(signature: string, commitment: Commitment = 'confirmed', timeoutMs = 30_000) {
    const known = ledger.records.get(signature)
    const order = ['processed', 'confirmed', 'finalized']
    if (known && order.indexOf(ledger.commitmentOf(known.slot)) >= order.indexOf(commitment)) {
      return Promise.resolve(known)
    }
    return new Promise<TxRecord>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(waiter)
        reject(new Error(`${signature} did not reach ${commitment} within ${timeoutMs} ms`))
      }, timeoutMs)
      const waiter = {
        signature,
        commitment,
        resolve: (r: TxRecord) => {
          clearTimeout(timer)
          resolve(r)
        },
      }
      waiters.add(waiter)
    })
  }

  function wsHandle(socket: WebSocket, method: string, params: unknown[]): unknown {
    const config = (i: number) =>
      params[i] && typeof params[i] === 'object' ? (params[i] as Record<string, unknown>) : {}
    const unsubscribe = (kind: Subscription['kind']) => {
      const id = params[0]
      const sub = typeof id === 'number' ? subscriptions.get(id) : undefined
      if (!sub || sub.kind !== kind || sub.socket !== socket) throw new RpcError(-32602, 'Invalid subscription id.')
      subscriptions.delete(id as number)
      return true
    }
    const id = nextSubscription++
    switch (method) {
      case 'slotSubscribe':
        subscriptions.set(id, { kind: 'slot', id, socket })
        return id
      case 'signatureSubscribe': {
        const signature = params[0]
        if (typeof signature !== 'string') throw new RpcError(-32602, 'Invalid params: signature expected')
        const commitment = parseCommitment(config(1).commitment)
        const sub: Subscription = { kind: 'signature', id, socket, signature, commitment }
        subscriptions.set(id, sub)
        const known = ledger.records.get(signature)
        const order = ['processed', 'confirmed', 'finalized']
        if (known && order.indexOf(ledger.commitmentOf(known.slot)) >= order.indexOf(commitment)) {
          // Already there: notify right after the subscription id is answered.
          setImmediate(() => {
            notify(sub, 'signatureNotification', { context: { slot: known.slot }, value: { err: known.err } })
            subscriptions.delete(id)
          })
        }
        return id
      }
      case 'accountSubscribe': {
        const address = pubkeyParam(params, 0)
        const c = config(1)
        subscriptions.set(id, {
          kind: 'account',
          id,
          socket,
          address,
          commitment: parseCommitment(c.commitment),
          encoding: c.encoding ?? 'base64',
        })
        return id
      }
      case 'slotUnsubscribe':
        return unsubscribe('slot')
      case 'signatureUnsubscribe':
        return unsubscribe('signature')
      case 'accountUnsubscribe':
        return unsubscribe('account')
      default:
        throw new RpcError(-32601, 'Method not found')
    }
  }

  // --- HTTP JSON-RPC ------------------------------------------------------------------------
  const methods = solanaRpcMethods({ ledger, airdrop: (to, lamports) => faucet(to, 'native', lamports) })

  async function answer(request: unknown, handle: (method: string, params: unknown[]) => unknown) {
    const r = (request ?? {}) as { id?: unknown; method?: unknown; params?: unknown; jsonrpc?: unknown }
    const id = r.id ?? null
    try {
      if (typeof request !== 'object' || request === null || r.jsonrpc !== '2.0' || typeof r.method !== 'string') {
        throw new RpcError(-32600, 'Invalid request')
      }
      const params = r.params === undefined ? [] : r.params
      if (!Array.isArray(params)) throw new RpcError(-32602, 'Invalid params')
      return { jsonrpc: '2.0', result: await handle(r.method, params), id }
    } catch (e) {
      const error =
        e instanceof RpcError
          ? { code: e.code, message: e.message, ...(e.data === undefined ? {} : { data: e.data }) }
          : { code: -32603, message: `Internal error: ${(e as Error).message}` }
      return { jsonrpc: '2.0', error, id }
    }
  }
  const httpHandle = (method: string, params: unknown[]) => {
    const fn = methods[method]
    if (!fn) throw new RpcError(-32601, 'Method not found')
    return fn(params)
  }

  const server = createServer((req, res) => {
    allowRpcCors(req, res)
    if (req.method === 'OPTIONS') return void res.writeHead(204).end()
    if (req.method === 'GET' && req.url === '/health')
      return void res.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
    if (req.method !== 'POST') {
      return void res.writeHead(405, { 'content-type': 'text/plain' }).end('Solana devnet: POST JSON-RPC')
    }
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      void (async () => {
        let body: unknown
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
        } catch {
          body = undefined
        }
        const out =
          body === undefined
            ? { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }
            : Array.isArray(body)
              ? await Promise.all(body.map((b) => answer(b, httpHandle)))
              : await answer(body, httpHandle)
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out))
      })()
    })
  })

  const wss = new WebSocket.Server({ server })
  wss.on('connection', (socket) => {
    socket.on('message', (data) => {
      void (async () => {
        let body: unknown
        try {
          body = JSON.parse(
            typeof data === 'string'
              ? data
              : Array.isArray(data)
                ? Buffer.concat(data).toString()
                : Buffer.from(data as ArrayBuffer).toString(),
          )
        } catch {
          return send(socket, { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null })
        }
        send(socket, await answer(body, (m, p) => wsHandle(socket, m, p)))
      })()
    })
    socket.on('close', () => {
      for (const [id, sub] of subscriptions) if (sub.socket === socket) subscriptions.delete(id)
    })
  })

  const port = await listenOnLoopback(server)

  // --- persistence ----------------------------------------------------------------------------
  const saver = keepStateSaved(options, 'solana devnet', (): SavedState => ({
    format: STATE_FORMAT,
    genesisHash: ledger.genesisHash,
    slot: ledger.slot,
    faucetSeed: base64.encode(faucetSeed),
    mint,
    funded: [...funded],
    accounts: ledger.savedAccounts(),
    transactions: [...ledger.records.values()],
  }))

  const nextSlot = () => {
    const landed = ledger.advance()
    onSlot(landed)
    if (landed.length > 0) saver.schedule()
  }
  let ticker: NodeJS.Timeout | undefined = setInterval(nextSlot, slotMs)
  ticker.unref()

  // Fund the listed accounts once, and wait until the funding is finalized, so it shows at the
  // RPC's default commitment (a one-time wait of finalizeDepth slots at a first start).
  const fundingSignatures: string[] = []
  for (const owner of options.fundAccounts ?? []) {
    if (funded.has(owner)) continue
    fundingSignatures.push(await faucet(owner, 'native', options.fundLamports ?? 100n * LAMPORTS_PER_SOL))
    fundingSignatures.push(await faucet(owner, mint, options.fundTestUsd ?? 10_000n * 10n ** BigInt(TEST_USD_DECIMALS)))
    funded.add(owner)
  }
  const fundingTimeout = 10_000 + slotMs * (ledger.finalizeDepth + 4)
  const fundingCommitment = options.fundingCommitment ?? 'finalized'
  await Promise.all(fundingSignatures.map((s) => waitForSignature(s, fundingCommitment, fundingTimeout)))

  let closed = false
  return {
    rpcUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    genesisHash: ledger.genesisHash,
    caipNetworkId: `solana:${ledger.genesisHash.slice(0, 32)}`,
    mint,
    faucetAddress: faucetSigner.address,
    ledger,
    faucet,
    waitForSignature,
    saveState: saver.save,
    holdSlots() {
      clearInterval(ticker)
      ticker = undefined
    },
    nextSlot,
    async close() {
      if (closed) return
      closed = true
      clearInterval(ticker)
      for (const socket of wss.clients) socket.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      await saver.stopAndFlush()
    },
  }
}
