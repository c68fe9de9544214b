import {
  address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromBytes,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Blockhash,
  type KeyPairSigner,
} from '@solana/kit'
import {
  AccountState,
  findAssociatedTokenPda,
  getTokenDecoder,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import type { ChainEndpoint } from '../../serverFace/chainFamily.js'
import type { Collector } from '../../serverFace/collector.js'
import { createJsonRpc, JsonRpcCallError, type JsonRpc } from '../../serverFace/createJsonRpc.js'

/** The token program has no notion of a period: a refusal is final for this renewal (it falls back to a link). */
const refuse = (reason: string) => ({ ok: false, reason, notDueYet: false }) as const

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Automatic renewals on Solana: the payer's SPL `approve` made this key the delegate of their
 * token account up to a cap; a pull is one `transferChecked` from that account to the merchant's
 * with the delegate as authority and fee payer. The token program bounds the total (the delegated
 * amount) but not where it goes or how often: Paylink's scheduler sends only to the merchant and
 * at most once per period. Reads and sends go through the network's endpoint pool (createJsonRpc).
 *
 * `secretKey` is the 64-byte keypair (secret then public key, as `solana-keygen` writes it).
 */
export async function createSolanaDelegateCollector(
  secretKey: Uint8Array,
  { endpointOf, timeoutMs = 5000 }: { endpointOf(caipNetworkId: string): ChainEndpoint | null; timeoutMs?: number },
): Promise<Collector> {
  const signer: KeyPairSigner = await createKeyPairSignerFromBytes(secretKey)
  const rpcs = new Map<string, JsonRpc>()
  const rpcOf = (caipNetworkId: string) => {
    let rpc = rpcs.get(caipNetworkId)
    if (!rpc) {
      const endpoint = endpointOf(caipNetworkId)
      if (!endpoint) throw new Error(`no RPC for ${caipNetworkId}`)
      rpc = createJsonRpc(endpoint, { timeoutMs })
      rpcs.set(caipNetworkId, rpc)
    }
    return rpc
  }
  const tokenAccount = async (owner: string, mint: string) =>
    (
      await findAssociatedTokenPda({ owner: address(owner), mint: address(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS })
    )[0]
  /** Where a signature is: absent (no node has it), processed (landed, not yet confirmed), or its outcome. */
  const statusOf = async (rpc: JsonRpc, signature: string) => {
    const { value } = (await rpc.call('getSignatureStatuses', [[signature], { searchTransactionHistory: true }])) as {
      value: Array<{ err: unknown; confirmationStatus: string | null } | null>
    }
    const status = value[0]
    if (!status) return 'absent' as const
    if (!status.confirmationStatus || status.confirmationStatus === 'processed') return 'processed' as const
    return status.err === null ? ('success' as const) : ('reverted' as const)
  }
  const settled = (status: Awaited<ReturnType<typeof statusOf>> | null) =>
    status === 'success' || status === 'reverted' ? { status } : null
  return {
    address: signer.address,
    async check(request) {
      const source = await tokenAccount(request.payer, request.token)
      const { value } = (await rpcOf(request.caipNetworkId).call('getAccountInfo', [
        source,
        { encoding: 'base64', commitment: 'confirmed' },
      ])) as { value: { data: [string, string]; owner: string } | null }
      if (!value || value.owner !== TOKEN_PROGRAM_ADDRESS)
        return refuse('the payer has no token account for this token')
      const account = getTokenDecoder().decode(getBase64Encoder().encode(value.data[0]))
      if (account.state === AccountState.Frozen) return refuse('the payer’s token account is frozen')
      if (account.delegate.__option === 'None' || account.delegate.value !== signer.address)
        return refuse('the delegate was revoked or replaced')
      if (account.delegatedAmount < request.amount) return refuse('the allowance left is short')
      if (account.amount < request.amount) return refuse('the payer’s balance is short')
      return { ok: true }
    },
    async sign(request) {
      const rpc = rpcOf(request.caipNetworkId)
      const { value: latest } = (await rpc.call('getLatestBlockhash', [{ commitment: 'confirmed' }])) as {
        value: { blockhash: string; lastValidBlockHeight: number }
      }
      const [source, destination] = await Promise.all([
        tokenAccount(request.payer, request.token),
        tokenAccount(request.to, request.token),
      ])
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(signer, m),
        (m) =>
          setTransactionMessageLifetimeUsingBlockhash(
            { blockhash: latest.blockhash as Blockhash, lastValidBlockHeight: BigInt(latest.lastValidBlockHeight) },
            m,
          ),
        (m) =>
          appendTransactionMessageInstructions(
            [
              getTransferCheckedInstruction({
                source,
                mint: address(request.token),
                destination,
                authority: signer,
                amount: request.amount,
                decimals: request.decimals,
              }),
            ],
            m,
          ),
      )
      const signed = await signTransactionMessageWithSigners(message)
      return { raw: getBase64EncodedWireTransaction(signed), hash: getSignatureFromTransaction(signed) }
    },
    async send(caipNetworkId, raw, timeoutMs) {
      const rpc = rpcOf(caipNetworkId)
      const signature = signatureOf(raw)
      try {
        await rpc.call('sendTransaction', [raw, { encoding: 'base64', preflightCommitment: 'confirmed' }])
      } catch (error) {
        // The node simulated it and refused (the delegate revoked since the check…) and it never
        // landed: a refusal. Not when the simulation refused the transaction itself: "already
        // processed" is a resend of one that is in flight or landed (after a crash, or an answer
        // the provider cut off and the pool sent again), and an unknown blockhash a node behind
        // or the blockhash expired: the status and the blockhash's expiry below tell those.
        if (
          error instanceof JsonRpcCallError &&
          error.rpcCode === -32002 &&
          !/already been processed|blockhash not found/i.test(error.rpcMessage) &&
          (await statusOf(rpc, signature)) === 'absent'
        )
          return { status: 'reverted' }
      }
      for (const until = Date.now() + timeoutMs; Date.now() < until; await sleep(100)) {
        const outcome = settled(await statusOf(rpc, signature).catch(() => null))
        if (outcome) return outcome
      }
      // The blockhash's expiry first, then the status: a transaction lands before its blockhash
      // expires, so one still absent after that never will (the other order misses one landing
      // in between, and a new pull would be signed beside it).
      const { value: valid } = (await rpc.call('isBlockhashValid', [
        blockhashOf(raw),
        { commitment: 'confirmed' },
      ])) as {
        value: boolean
      }
      const status = await statusOf(rpc, signature)
      return settled(status) ?? (!valid && status === 'absent' ? { status: 'dropped' } : { status: 'unknown' })
    },
  }
}

const signatureOf = (raw: string) =>
  getSignatureFromTransaction(getTransactionDecoder().decode(getBase64Encoder().encode(raw)))
const blockhashOf = (raw: string) => {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(raw))
  return getCompiledTransactionMessageDecoder().decode(transaction.messageBytes).lifetimeToken
}
