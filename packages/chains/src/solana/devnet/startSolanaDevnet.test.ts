import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  address,
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  AccountRole,
  createTransactionMessage,
  decompileTransactionMessage,
  generateKeyPairSigner,
  getBase64Codec,
  getCompiledTransactionMessageCodec,
  getTransactionCodec,
  getSignatureFromTransaction,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionExpiredBlockheightExceededError,
  type TransactionSignature,
} from '@solana/web3.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { signedTransfer } from '../testing/legacyTransfer.js'
import { startSolanaDevnet, type SolanaDevnet } from './startSolanaDevnet.js'

const SLOT_MS = 100

/** Appends a reference key as a read-only non-signer account, the Solana Pay way. */
function withReference<T extends { accounts: readonly unknown[] }>(ix: T, reference: string): T {
  return { ...ix, accounts: [...ix.accounts, { address: reference, role: AccountRole.READONLY }] }
}
const FINALIZE_DEPTH = 4

async function rpcCall(url: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return (await res.json()) as Record<string, unknown> & { result?: any; error?: any }
}
const call = (url: string, method: string, params: unknown[] = []) =>
  rpcCall(url, { jsonrpc: '2.0', id: 1, method, params })
/** One JSON-RPC batch of `[method, params]` calls (ids 1, 2, …): the answers, in order. */
const batch = async (url: string, calls: [method: string, params: unknown[]][]) =>
  (await rpcCall(
    url,
    calls.map(([method, params], i) => ({ jsonrpc: '2.0', id: i + 1, method, params })),
  )) as unknown as any[]

/** A legacy SOL transfer signed by `from`, optionally carrying a read-only reference key. */
const transferTx = (connection: Connection, from: Keypair, to: PublicKey, lamports: number, reference?: PublicKey) =>
  signedTransfer(connection, from, { to, lamports, ...(reference ? { reference } : {}) })

describe('startSolanaDevnet', () => {
  let dir: string
  let devnet: SolanaDevnet
  let connection: Connection
  const funded = Keypair.generate()

  /** Starts the devnet (again) on this test's state file, the funded key listed. */
  async function start() {
    devnet = await startSolanaDevnet({
      slotMs: SLOT_MS,
      finalizeDepth: FINALIZE_DEPTH,
      statePath: join(dir, 'solana.json'),
      fundAccounts: [funded.publicKey.toBase58()],
    })
    connection = new Connection(devnet.rpcUrl, { commitment: 'confirmed', wsEndpoint: devnet.wsUrl })
  }
  /** A SOL transfer from the funded key to a fresh account, carrying a fresh reference key, landed at `commitment`. */
  async function referencedTransfer(lamports: number, commitment: 'confirmed' | 'finalized') {
    const to = Keypair.generate().publicKey
    const reference = Keypair.generate().publicKey
    const tx = await transferTx(connection, funded, to, lamports, reference)
    const sig = await connection.sendRawTransaction(tx.serialize())
    await devnet.waitForSignature(sig, commitment)
    return { to, reference, sig }
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'solana-devnet-'))
    await start()
  })
  afterAll(async () => {
    await devnet?.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('funds the listed accounts with SOL and Test USD (6 decimals) at first start', async () => {
    // start resolves once the funding is finalized: visible at the RPC's default commitment.
    expect(await connection.getBalance(funded.publicKey, 'finalized')).toBe(100 * LAMPORTS_PER_SOL)
    const mint = await call(devnet.rpcUrl, 'getAccountInfo', [
      devnet.mint,
      { encoding: 'jsonParsed', commitment: 'processed' },
    ])
    expect(mint.result.value.data.parsed.type).toBe('mint')
    expect(mint.result.value.data.parsed.info.decimals).toBe(6)
    const accounts = await connection.getParsedTokenAccountsByOwner(
      funded.publicKey,
      { mint: new PublicKey(devnet.mint) },
      'confirmed',
    )
    expect(accounts.value).toHaveLength(1)
    expect(accounts.value[0]?.account.data.parsed.info.tokenAmount.uiAmountString).toBe('10000')
    const byProgram = await connection.getTokenAccountsByOwner(
      funded.publicKey,
      { programId: new PublicKey(TOKEN_PROGRAM_ADDRESS) },
      'confirmed',
    )
    expect(byProgram.value).toHaveLength(1)
  })

  it('airdrops with requestAirdrop and the balance shows at confirmed (web3.js)', async () => {
    const who = Keypair.generate()
    const sig = await connection.requestAirdrop(who.publicKey, 2 * LAMPORTS_PER_SOL)
    await devnet.waitForSignature(sig, 'confirmed')
    expect(await connection.getBalance(who.publicKey, 'confirmed')).toBe(2 * LAMPORTS_PER_SOL)
  })

  it('moves a transaction processed -> confirmed -> finalized over slots, and views state per commitment', async () => {
    const to = Keypair.generate().publicKey
    const tx = await transferTx(connection, funded, to, 1_000_000)
    // One batch is answered between two slots: the transaction is queued, not landed yet.
    const [sent, early] = await batch(devnet.rpcUrl, [
      ['sendTransaction', [tx.serialize().toString('base64'), { encoding: 'base64' }]],
      ['getSignatureStatuses', [[(await import('@scure/base')).base58.encode(tx.signature!)]]],
    ])
    const sig = sent.result as string
    expect(early.result.value[0]).toBeNull()
    const landed = await devnet.waitForSignature(sig, 'processed')
    // Checked in the same tick it landed in: processed only.
    expect(devnet.ledger.commitmentOf(landed.slot)).toBe('processed')
    const [status, slot, balanceProcessed, balanceFinalized, txFinalized] = await batch(devnet.rpcUrl, [
      ['getSignatureStatuses', [[sig]]],
      ['getSlot', [{ commitment: 'processed' }]],
      ['getBalance', [to.toBase58(), { commitment: 'processed' }]],
      ['getBalance', [to.toBase58(), { commitment: 'finalized' }]],
      ['getTransaction', [sig, { commitment: 'finalized' }]],
    ])
    const depth = slot.result - landed.slot
    expect(status.result.value[0].confirmations).toBe(depth)
    expect(status.result.value[0].confirmationStatus).toBe(depth >= 1 ? 'confirmed' : 'processed')
    // Visible at processed, not yet at finalized (the account did not exist there).
    expect(balanceProcessed.result.value).toBe(1_000_000)
    expect(balanceFinalized.result.value).toBe(0)
    expect(txFinalized.result).toBeNull()
    await devnet.waitForSignature(sig, 'confirmed')
    const confirmed = (await connection.getSignatureStatuses([sig])).value[0]
    expect(confirmed?.confirmationStatus).toBe('confirmed')
    await devnet.waitForSignature(sig, 'finalized')
    const finalized = (await connection.getSignatureStatuses([sig])).value[0]
    expect(finalized?.confirmationStatus).toBe('finalized')
    expect(finalized?.confirmations).toBeNull()
    expect(await connection.getBalance(to, 'finalized')).toBe(1_000_000)
  })

  it('transfers SOL with a Solana Pay reference key and finds it with getSignaturesForAddress', async () => {
    const { to, reference, sig } = await referencedTransfer(12_345_678, 'confirmed')
    const found = await connection.getSignaturesForAddress(reference, {}, 'confirmed')
    expect(found.map((s) => s.signature)).toEqual([sig])
    expect(found[0]?.err).toBeNull()
    const full = await connection.getTransaction(sig, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 })
    expect(full?.meta?.fee).toBe(5000)
    const keys = full!.transaction.message.staticAccountKeys.map((k) => k.toBase58())
    const i = keys.indexOf(to.toBase58())
    expect(full!.meta!.postBalances[i]! - full!.meta!.preBalances[i]!).toBe(12_345_678)
    expect(keys).toContain(reference.toBase58())
    expect(full?.meta?.logMessages?.length).toBeGreaterThan(0)
    // jsonParsed: the transfer is parsed like the RPC does.
    const parsed = await connection.getParsedTransaction(sig, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    })
    const ix = parsed?.transaction.message.instructions[0] as { parsed?: { type: string; info: { lamports: number } } }
    expect(ix.parsed?.type).toBe('transfer')
    expect(ix.parsed?.info.lamports).toBe(12_345_678)
  })

  it('answers getSignaturesForAddress newest first with before/until/limit', async () => {
    const reference = Keypair.generate().publicKey
    const sigs: TransactionSignature[] = []
    for (let n = 0; n < 3; n++) {
      const tx = await transferTx(connection, funded, Keypair.generate().publicKey, 1_000_000 + n, reference)
      sigs.push(await connection.sendRawTransaction(tx.serialize()))
      await devnet.waitForSignature(sigs[n]!, 'processed')
    }
    await devnet.waitForSignature(sigs[2]!, 'confirmed')
    const all = (await connection.getSignaturesForAddress(reference, {}, 'confirmed')).map((s) => s.signature)
    expect(all).toEqual([...sigs].reverse())
    expect(
      (await connection.getSignaturesForAddress(reference, { limit: 1 }, 'confirmed')).map((s) => s.signature),
    ).toEqual([sigs[2]])
    expect(
      (await connection.getSignaturesForAddress(reference, { before: sigs[2] }, 'confirmed')).map((s) => s.signature),
    ).toEqual([sigs[1], sigs[0]])
    expect(
      (await connection.getSignaturesForAddress(reference, { until: sigs[0] }, 'confirmed')).map((s) => s.signature),
    ).toEqual([sigs[2], sigs[1]])
    const processed = await call(devnet.rpcUrl, 'getSignaturesForAddress', [
      reference.toBase58(),
      { commitment: 'processed' },
    ])
    expect(processed.error?.code).toBe(-32602)
  })

  it('transfers Test USD with ATA creation through @solana/kit and reports token balances', async () => {
    const rpc = createSolanaRpc(devnet.rpcUrl)
    const rpcSubscriptions = createSolanaRpcSubscriptions(devnet.wsUrl)
    const payer = await generateKeyPairSigner()
    const recipient = await generateKeyPairSigner()
    const reference = (await generateKeyPairSigner()).address
    await devnet.waitForSignature(await devnet.faucet(payer.address, 'native', 1_000_000_000n), 'processed')
    await devnet.waitForSignature(await devnet.faucet(payer.address, devnet.mint, 5_000_000n), 'confirmed')
    const mint = address(devnet.mint)
    const [source] = await findAssociatedTokenPda({ owner: payer.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const [destination] = await findAssociatedTokenPda({
      owner: recipient.address,
      mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const { value: latest } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(latest, m),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getCreateAssociatedTokenIdempotentInstruction({ payer, ata: destination, owner: recipient.address, mint }),
            withReference(
              getTransferCheckedInstruction({
                source,
                mint,
                destination,
                authority: payer,
                amount: 1_250_000n,
                decimals: 6,
              }),
              reference,
            ),
          ],
          m,
        ),
    )
    const signed = await signTransactionMessageWithSigners(message)
    // sendAndConfirm listens on signatureNotifications and slotNotifications over the websocket.
    await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(signed as never, { commitment: 'confirmed' })
    const signature = getSignatureFromTransaction(signed)
    const balance = await rpc.getTokenAccountBalance(destination, { commitment: 'confirmed' }).send()
    expect(balance.value).toMatchObject({ amount: '1250000', decimals: 6, uiAmountString: '1.25' })
    const tx = await rpc
      .getTransaction(signature, { commitment: 'confirmed', encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send()
    const post = tx?.meta?.postTokenBalances?.find((b) => b.owner === recipient.address)
    const pre = tx?.meta?.preTokenBalances?.find((b) => b.owner === recipient.address)
    expect(pre).toBeUndefined()
    expect(post?.uiTokenAmount.amount).toBe('1250000')
    expect(post?.mint).toBe(devnet.mint)
    const payerPost = tx?.meta?.postTokenBalances?.find((b) => b.owner === payer.address)
    expect(payerPost?.uiTokenAmount.amount).toBe('3750000')
    // Found by its reference and read back the way @solana/pay 1.x's findReference and
    // validateTransfer do: getSignaturesForAddress, then getTransaction base64 decoded with kit.
    const found = await rpc.getSignaturesForAddress(reference, { commitment: 'confirmed' }).send()
    expect(found.map((f) => f.signature)).toEqual([signature])
    const b64 = await rpc
      .getTransaction(signature, { commitment: 'confirmed', encoding: 'base64', maxSupportedTransactionVersion: 0 })
      .send()
    expect(b64?.transaction[1]).toBe('base64')
    const decoded = getTransactionCodec().decode(getBase64Codec().encode(b64!.transaction[0]))
    const compiled = getCompiledTransactionMessageCodec().decode(decoded.messageBytes)
    const last = decompileTransactionMessage(compiled).instructions.at(-1)
    expect(last?.programAddress).toBe(TOKEN_PROGRAM_ADDRESS)
    expect(last?.accounts?.at(-1)?.address).toBe(reference)
    const ataIndex = compiled.staticAccounts.indexOf(destination)
    const preAta = b64?.meta?.preTokenBalances?.find((b) => b.accountIndex === ataIndex)
    const postAta = b64?.meta?.postTokenBalances?.find((b) => b.accountIndex === ataIndex)
    expect(preAta).toBeUndefined() // the ATA did not exist before this transaction
    expect(BigInt(postAta?.uiTokenAmount.amount ?? '0')).toBe(1_250_000n)
    // v0 without maxSupportedTransactionVersion is refused like a validator does
    const refused = await call(devnet.rpcUrl, 'getTransaction', [signature, { commitment: 'confirmed' }])
    expect(refused.error?.code).toBe(-32015)
  })

  it('records a failed transaction with its err and charges the fee', async () => {
    const poor = Keypair.generate()
    await devnet.waitForSignature(await devnet.faucet(poor.publicKey.toBase58(), 'native', 10_000_000n), 'confirmed')
    const tx = await transferTx(connection, poor, Keypair.generate().publicKey, 50_000_000)
    // With preflight the node refuses it with the simulation error.
    const preflight = await call(devnet.rpcUrl, 'sendTransaction', [
      tx.serialize().toString('base64'),
      { encoding: 'base64' },
    ])
    expect(preflight.error?.code).toBe(-32002)
    expect(preflight.error?.message).toBe(
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
    )
    expect(preflight.error?.data.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    // Without preflight it lands and fails on chain.
    const sig = await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true })
    await devnet.waitForSignature(sig, 'confirmed')
    const status = (await connection.getSignatureStatuses([sig])).value[0]
    expect(status?.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    const full = await connection.getTransaction(sig, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 })
    expect(full?.meta?.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(full!.meta!.preBalances[0]! - full!.meta!.postBalances[0]!).toBe(5000)
    const listed = await connection.getSignaturesForAddress(poor.publicKey, {}, 'confirmed')
    expect(listed[0]?.signature).toBe(sig)
    expect(listed[0]?.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
  })

  it('refuses a bad signature and an unknown blockhash with the validator errors', async () => {
    const tx = await transferTx(connection, funded, Keypair.generate().publicKey, 1000)
    const wire = tx.serialize()
    wire[1] = (wire[1] ?? 0) ^ 0xff // corrupt the first signature
    const bad = await call(devnet.rpcUrl, 'sendTransaction', [
      Buffer.from(wire).toString('base64'),
      { encoding: 'base64' },
    ])
    expect(bad.error).toMatchObject({ code: -32003, message: 'Transaction signature verification failure' })
    const stale = new Transaction({
      feePayer: funded.publicKey,
      blockhash: Keypair.generate().publicKey.toBase58(),
      lastValidBlockHeight: 1,
    }).add(
      SystemProgram.transfer({ fromPubkey: funded.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1000 }),
    )
    stale.sign(funded)
    const unknown = await call(devnet.rpcUrl, 'sendTransaction', [
      stale.serialize().toString('base64'),
      { encoding: 'base64' },
    ])
    expect(unknown.error).toMatchObject({ code: -32002, message: 'Transaction simulation failed: Blockhash not found' })
    expect(unknown.error.data.err).toBe('BlockhashNotFound')
  })

  it('notifies slotSubscribe, accountSubscribe and signatureSubscribe over the websocket', async () => {
    const socket = new WebSocket(devnet.wsUrl)
    await new Promise((resolve) => socket.once('open', resolve))
    const messages: any[] = []
    socket.on('message', (data) => messages.push(JSON.parse(String(data))))
    const to = Keypair.generate().publicKey
    const tx = await transferTx(connection, funded, to, 3_000_000)
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'slotSubscribe' }))
    socket.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'accountSubscribe',
        params: [to.toBase58(), { commitment: 'confirmed', encoding: 'base64' }],
      }),
    )
    const sigText = (await import('@scure/base')).base58.encode(tx.signature!)
    socket.send(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 3,
        method: 'signatureSubscribe',
        params: [sigText, { commitment: 'finalized' }],
      }),
    )
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'blockSubscribe', params: [] }))
    await new Promise((r) => setTimeout(r, SLOT_MS))
    await connection.sendRawTransaction(tx.serialize())
    await devnet.waitForSignature(sigText, 'finalized')
    await new Promise((r) => setTimeout(r, 50))
    socket.close()
    const ids = Object.fromEntries(messages.filter((m) => 'id' in m && 'result' in m).map((m) => [m.id, m.result]))
    expect(messages.find((m) => m.id === 4)?.error?.code).toBe(-32601)
    const slot = messages.find((m) => m.method === 'slotNotification')
    expect(slot.params.subscription).toBe(ids[1])
    expect(Object.keys(slot.params.result).sort()).toEqual(['parent', 'root', 'slot'])
    const account = messages.find((m) => m.method === 'accountNotification')
    expect(account.params.subscription).toBe(ids[2])
    expect(account.params.result.value.lamports).toBe(3_000_000)
    const signature = messages.find((m) => m.method === 'signatureNotification')
    expect(signature.params).toMatchObject({ subscription: ids[3], result: { value: { err: null } } })
  })

  it('confirms through web3.js confirmTransaction (signatureSubscribe) and onAccountChange', async () => {
    const to = Keypair.generate().publicKey
    const changes: number[] = []
    const listener = connection.onAccountChange(to, (info) => changes.push(info.lamports), { commitment: 'confirmed' })
    await new Promise((r) => setTimeout(r, 200))
    const tx = await transferTx(connection, funded, to, 4_000_000)
    const sig = await connection.sendRawTransaction(tx.serialize())
    const result = await connection.confirmTransaction(
      { signature: sig, blockhash: tx.recentBlockhash!, lastValidBlockHeight: tx.lastValidBlockHeight! },
      'confirmed',
    )
    expect(result.value.err).toBeNull()
    await new Promise((r) => setTimeout(r, SLOT_MS * 2))
    await connection.removeAccountChangeListener(listener)
    expect(changes).toContain(4_000_000)
  })

  it('answers getMultipleAccounts like a cluster: base64 and jsonParsed, null for a missing account, per commitment, at most 100', async () => {
    const mint = new PublicKey(devnet.mint)
    const [ataAddress] = await findAssociatedTokenPda({
      owner: address(funded.publicKey.toBase58()),
      mint: address(devnet.mint),
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    const ata = new PublicKey(ataAddress)
    const missing = Keypair.generate().publicKey
    const keys = [funded.publicKey, mint, ata, missing]
    const raw = await call(devnet.rpcUrl, 'getMultipleAccounts', [
      keys.map((k) => k.toBase58()),
      { encoding: 'base64', commitment: 'confirmed' },
    ])
    expect(Object.keys(raw.result.context).sort()).toEqual(['apiVersion', 'slot'])
    expect(raw.result.context.slot).toEqual(expect.any(Number))
    const [system, mintAccount, tokenAccount, nothing] = raw.result.value
    expect(Object.keys(system).sort()).toEqual(['data', 'executable', 'lamports', 'owner', 'rentEpoch', 'space'])
    expect(system).toMatchObject({
      data: ['', 'base64'],
      executable: false,
      owner: '11111111111111111111111111111111',
      space: 0,
    })
    // u64::MAX as a validator sends it, read as every JSON parser in JS reads it.
    expect(system.rentEpoch).toBe(Number(2n ** 64n - 1n))
    expect(mintAccount).toMatchObject({ owner: TOKEN_PROGRAM_ADDRESS, space: 82, executable: false })
    expect(tokenAccount).toMatchObject({ owner: TOKEN_PROGRAM_ADDRESS, space: 165 })
    expect(nothing).toBeNull()

    // web3.js decodes the same answer: lamports as getBalance says, the mint's decimals byte, the token account's mint and owner.
    const infos = await connection.getMultipleAccountsInfo(keys, 'confirmed')
    expect(infos).toHaveLength(4)
    expect(infos[0]?.lamports).toBe(await connection.getBalance(funded.publicKey, 'confirmed'))
    expect(infos[0]?.owner.equals(SystemProgram.programId)).toBe(true)
    expect(infos[1]?.data[44]).toBe(6) // Mint: COption<authority> (36) + supply (8), then decimals
    expect(new PublicKey(infos[2]!.data.subarray(0, 32)).equals(mint)).toBe(true)
    expect(new PublicKey(infos[2]!.data.subarray(32, 64)).equals(funded.publicKey)).toBe(true)
    expect(infos[3]).toBeNull()
    const parsed = await connection.getMultipleParsedAccounts(keys, { commitment: 'confirmed' })
    const parsedData = (i: number) =>
      parsed.value[i]?.data as { program: string; parsed: { type: string; info: Record<string, any> } }
    expect(parsedData(1)).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'mint', info: { decimals: 6, isInitialized: true } },
    })
    expect(parsedData(2)).toMatchObject({
      program: 'spl-token',
      parsed: {
        type: 'account',
        info: { mint: devnet.mint, owner: funded.publicKey.toBase58(), state: 'initialized' },
      },
    })
    expect(parsedData(2).parsed.info.tokenAmount).toMatchObject({ decimals: 6, amount: expect.stringMatching(/^\d+$/) })
    expect(parsed.value[3]).toBeNull()
    // @solana/kit reads it too (lamports as bigint).
    const kit = await createSolanaRpc(devnet.rpcUrl)
      .getMultipleAccounts(
        keys.map((k) => address(k.toBase58())),
        { encoding: 'base64', commitment: 'confirmed' },
      )
      .send()
    expect(kit.value.map((a) => a?.lamports ?? null)).toEqual(infos.map((a) => (a ? BigInt(a.lamports) : null)))

    // Per commitment: an account made by a transfer exists at processed, not yet at finalized.
    const fresh = Keypair.generate().publicKey
    const sig = await connection.sendRawTransaction(
      (await transferTx(connection, funded, fresh, 2_000_000)).serialize(),
    )
    await devnet.waitForSignature(sig, 'processed')
    const [processed, finalized] = await batch(devnet.rpcUrl, [
      ['getMultipleAccounts', [[fresh.toBase58()], { commitment: 'processed' }]],
      ['getMultipleAccounts', [[fresh.toBase58()], { commitment: 'finalized' }]],
    ])
    expect(processed.result.value[0].lamports).toBe(2_000_000)
    expect(finalized.result.value).toEqual([null])
    expect(finalized.result.context.slot).toBe(processed.result.context.slot - FINALIZE_DEPTH)

    const tooMany = await call(devnet.rpcUrl, 'getMultipleAccounts', [
      Array.from({ length: 101 }, () => missing.toBase58()),
    ])
    expect(tooMany.error).toMatchObject({ code: -32602, message: expect.stringMatching(/max 100/) })
    const notAKey = await call(devnet.rpcUrl, 'getMultipleAccounts', [[funded.publicKey.toBase58(), '0xnot-base58']])
    expect(notAKey.error?.code).toBe(-32602)
  })

  it('answers getBlockHeight like a cluster: a number per commitment, rising with the slots, the base of lastValidBlockHeight', async () => {
    const [processed, confirmed, finalized, latest, epoch] = await batch(devnet.rpcUrl, [
      ['getBlockHeight', [{ commitment: 'processed' }]],
      ['getBlockHeight', [{ commitment: 'confirmed' }]],
      ['getBlockHeight', []],
      ['getLatestBlockhash', [{ commitment: 'confirmed' }]],
      ['getEpochInfo', [{ commitment: 'confirmed' }]],
    ])
    // A bare integer (no context), the default commitment finalized, each level its depth behind.
    expect(Number.isSafeInteger(processed.result)).toBe(true)
    expect(processed.result - confirmed.result).toBe(1)
    expect(processed.result - finalized.result).toBe(FINALIZE_DEPTH)
    // A blockhash is valid for 150 blocks after the height it was taken at; getEpochInfo agrees on the height.
    expect(latest.result.value.lastValidBlockHeight).toBe(confirmed.result + 150)
    expect(epoch.result.blockHeight).toBe(confirmed.result)
    // It rises as slots pass.
    await new Promise((r) => setTimeout(r, SLOT_MS * 3))
    expect(await connection.getBlockHeight('processed')).toBeGreaterThan(processed.result)
    expect(typeof (await createSolanaRpc(devnet.rpcUrl).getBlockHeight({ commitment: 'finalized' }).send())).toBe(
      'bigint',
    )
    // web3.js's confirmTransaction watches getBlockHeight: a transaction never sent expires once
    // the height passes its lastValidBlockHeight.
    const unsent = await transferTx(connection, funded, Keypair.generate().publicKey, 1_000_000)
    const height = await connection.getBlockHeight('confirmed')
    await expect(
      connection.confirmTransaction(
        {
          signature: (await import('@scure/base')).base58.encode(unsent.signature!),
          blockhash: unsent.recentBlockhash!,
          lastValidBlockHeight: height + 2,
        },
        'confirmed',
      ),
    ).rejects.toBeInstanceOf(TransactionExpiredBlockheightExceededError)
  })

  it('answers an unknown method with -32601 and serves batches', async () => {
    const unknown = await call(devnet.rpcUrl, 'getBlockProduction')
    expect(unknown.error).toEqual({ code: -32601, message: 'Method not found' })
    const res = await fetch(devnet.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 'a', method: 'getGenesisHash' },
        { jsonrpc: '2.0', id: 'b', method: 'getHealth' },
        { jsonrpc: '2.0', id: 'c', method: 'nope' },
      ]),
    })
    const batch = (await res.json()) as any[]
    expect(batch.map((r) => r.id)).toEqual(['a', 'b', 'c'])
    expect(batch[0].result).toBe(devnet.genesisHash)
    expect(batch[1].result).toBe('ok')
    expect(batch[2].error.code).toBe(-32601)
    const version = await call(devnet.rpcUrl, 'getVersion')
    expect(version.result['solana-core']).toMatch(/^\d+\.\d+\.\d+$/)
    const epoch = await call(devnet.rpcUrl, 'getEpochInfo', [{ commitment: 'processed' }])
    expect(epoch.result.absoluteSlot).toBeGreaterThan(0)
    const rent = await connection.getMinimumBalanceForRentExemption(165)
    expect(rent).toBe(2_039_280)
    const tx = await transferTx(connection, funded, Keypair.generate().publicKey, 1_000_000)
    expect(await connection.getFeeForMessage(tx.compileMessage(), 'confirmed')).toMatchObject({ value: 5000 })
    const sim = await connection.simulateTransaction(tx)
    expect(sim.value.err).toBeNull()
    // A transfer that would leave a new account below rent exemption fails like on a cluster.
    const dust = await connection.simulateTransaction(
      await transferTx(connection, funded, Keypair.generate().publicKey, 1000),
    )
    expect(dust.value.err).toEqual({ InsufficientFundsForRent: { account_index: 1 } })
    const { blockhash } = await connection.getLatestBlockhash('processed')
    expect((await call(devnet.rpcUrl, 'isBlockhashValid', [blockhash, { commitment: 'processed' }])).result.value).toBe(
      true,
    )
  })

  it('restarts from its saved state with the same genesis hash, mint, balances and history', async () => {
    const { to, reference, sig } = await referencedTransfer(7_000_000, 'finalized')
    const before = {
      genesisHash: devnet.genesisHash,
      mint: devnet.mint,
      funded: await connection.getBalance(funded.publicKey, 'finalized'),
      to: await connection.getBalance(to, 'finalized'),
      tokens: (
        await connection.getParsedTokenAccountsByOwner(
          funded.publicKey,
          { mint: new PublicKey(devnet.mint) },
          'finalized',
        )
      ).value[0]?.account.data.parsed.info.tokenAmount.amount,
      history: (await connection.getSignaturesForAddress(reference, {}, 'finalized')).map((s) => s.signature),
    }
    expect(before.history).toEqual([sig])
    await devnet.close()
    await start()
    expect(devnet.genesisHash).toBe(before.genesisHash)
    expect(await connection.getGenesisHash()).toBe(before.genesisHash)
    expect(devnet.mint).toBe(before.mint)
    // Listed again, but funded once: the balance is unchanged.
    expect(await connection.getBalance(funded.publicKey, 'finalized')).toBe(before.funded)
    expect(await connection.getBalance(to, 'finalized')).toBe(before.to)
    const tokens = (
      await connection.getParsedTokenAccountsByOwner(
        funded.publicKey,
        { mint: new PublicKey(devnet.mint) },
        'finalized',
      )
    ).value[0]
    expect(tokens?.account.data.parsed.info.tokenAmount.amount).toBe(before.tokens)
    expect((await connection.getSignaturesForAddress(reference, {}, 'finalized')).map((s) => s.signature)).toEqual(
      before.history,
    )
    const again = await connection.getTransaction(sig, { commitment: 'finalized', maxSupportedTransactionVersion: 0 })
    expect(again?.meta?.err).toBeNull()
    // The chain goes on: a new transfer after the restart lands.
    const next = await transferTx(connection, funded, to, 1_000)
    await devnet.waitForSignature(await connection.sendRawTransaction(next.serialize()), 'confirmed')
    expect(await connection.getBalance(to, 'confirmed')).toBe(before.to + 1_000)
  })
})

describe('startSolanaDevnet with its slot clock held', () => {
  it('makes a slot only on nextSlot: a queued airdrop lands on the first, is finalized on exactly the finalizeDepth-th after', async () => {
    const devnet = await startSolanaDevnet({ slotMs: SLOT_MS, finalizeDepth: FINALIZE_DEPTH })
    try {
      devnet.holdSlots()
      const slot = async () => (await call(devnet.rpcUrl, 'getSlot', [{ commitment: 'processed' }])).result as number
      const held = await slot()
      await new Promise((resolve) => setTimeout(resolve, SLOT_MS * 3))
      expect(await slot(), 'no slot while the clock is held').toBe(held)

      const signature = await new Connection(devnet.rpcUrl).requestAirdrop(
        Keypair.generate().publicKey,
        LAMPORTS_PER_SOL,
      )
      const status = async () =>
        ((await call(devnet.rpcUrl, 'getSignatureStatuses', [[signature]])).result.value[0]?.confirmationStatus ??
          null) as string | null
      expect(await status(), 'queued, not landed').toBeNull()
      devnet.nextSlot()
      expect(await slot()).toBe(held + 1)
      expect(await status(), 'landed in the slot nextSlot made').not.toBeNull()
      for (let i = 1; i < FINALIZE_DEPTH; i++) devnet.nextSlot()
      expect(await status(), 'one slot short of finalized').toBe('confirmed')
      devnet.nextSlot()
      expect(await status()).toBe('finalized')
      expect(await slot()).toBe(held + 1 + FINALIZE_DEPTH)
    } finally {
      await devnet.close()
    }
  })
})
