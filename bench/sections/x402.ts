/**
 * x402: Paylink's facilitator over HTTP (POST /x402/facilitator/verify and /settle with the
 * merchant's API key; the app in this process on PGlite in a temporary directory) on the demo
 * devnet, beside a bare transfer of the same signed payment on the same chain.
 *
 * - EVM (anvil, Test USD with EIP-3009): an x402 client (@x402/evm's exact scheme) signs each
 *   payment before the clock starts. Settle: from the POST to its answer (Paylink's checks,
 *   @x402/evm's verification and simulation, `transferWithAuthorization` sent by the gas key, its
 *   receipt, the payment's row). Bare: the same kind of signed authorization sent as
 *   `transferWithAuthorization` by a relayer of its own, its receipt awaited at the facilitator's
 *   50 ms polling interval. Verify: from the POST to its answer. Rounds interleave the three;
 *   medians. Budgets: the ratios to the bare transfer.
 * - Verifies per second: one valid payment POSTed to /verify by autocannon (10 connections, 5 s);
 *   verification records nothing, so the same payment stays valid.
 * - Solana (LiteSVM behind its JSON-RPC, 400 ms slots): settle and verify the same way with
 *   @x402/svm's exact scheme; bare: the same transferChecked built by @x402/svm's client with the
 *   payer as its own fee payer, sent with preflight and polled for `confirmed` every 250 ms, as
 *   @x402/svm's settlement polls. For information: a slot's length dominates both.
 */
import { findAssociatedTokenAddress } from '@paylink/chains/solana/server'
import { startDevnet } from '@paylink/devnet'
import { address, createSolanaRpc, generateKeyPairSigner, type Signature } from '@solana/kit'
import { x402Client } from '@x402/core/client'
import type { PaymentPayload, PaymentRequirements, SupportedResponse } from '@x402/core/types'
import { toClientEvmSigner } from '@x402/evm'
import { ExactEvmScheme as ExactEvmClient } from '@x402/evm/exact/client'
import { base58 } from '@scure/base'
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  parseAbi,
  parseEther,
  type Address,
  type Hex,
} from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { generateSolanaKeypair } from '../../apps/server/src/x402/demoGasKey.js'
import { exactSvmClientAt } from '../../apps/server/src/x402/paidResourceFixture.js'
import { runAutocannon } from '../lib/runAutocannon.js'
import { startBenchApp } from '../lib/startBenchApp.js'
import { atLeast, atMost, info, median, type BenchRow } from '../table.js'

const evmRounds = 25
const solanaRounds = 8
const price = '10000' // 0.01 TUSD
const tokenAbi = parseAbi([
  'function mint(address to, uint256 amount)',
  'function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature)',
])

/** The exact scheme's requirements for the price in Test USD (`asset`) to `payTo`. */
const exactAt = (
  network: PaymentRequirements['network'],
  asset: string,
  payTo: string,
  extra: Record<string, unknown>,
): PaymentRequirements => ({ scheme: 'exact', network, asset, amount: price, payTo, maxTimeoutSeconds: 300, extra })
const round2 = (value: number) => Math.round(value * 100) / 100
const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now()
  await work()
  return performance.now() - started
}

export default async function run(): Promise<BenchRow[]> {
  const devnet = await startDevnet({ bitcoin: false })
  const chain = devnet.chains[0]!
  const evmNetwork = `eip155:${chain.chainId}` as const
  const tusd = devnet.token.address as Address
  const evmGasKey = generatePrivateKey()
  const solanaGasKey = generateSolanaKeypair()
  const bench = await startBenchApp(devnet, {
    demo: true,
    x402: { evmPrivateKey: evmGasKey, solanaSecretKey: solanaGasKey },
  })
  const { app, apiKey } = bench
  try {
    const origin = await app.listen({ port: 0, host: '127.0.0.1' })
    const facilitator = `${origin}/x402/facilitator`
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` }
    const body = (payload: PaymentPayload) =>
      JSON.stringify({ x402Version: 2, paymentPayload: payload, paymentRequirements: payload.accepted })
    /** POSTs to verify or settle; throws unless the payment was valid and (for settle) settled. */
    const post = async (path: 'verify' | 'settle', payload: PaymentPayload) => {
      const response = await fetch(`${facilitator}/${path}`, { method: 'POST', headers, body: body(payload) })
      const answer = (await response.json()) as { isValid?: boolean; success?: boolean }
      if (!(answer.isValid ?? answer.success)) throw new Error(`${path}: ${JSON.stringify(answer)}`)
    }
    const resource = { url: `${origin}/bench`, description: 'bench', mimeType: 'application/json' }
    const paymentFor = (client: x402Client, requirements: PaymentRequirements) =>
      client.createPaymentPayload({ x402Version: 2, resource, accepts: [requirements] })
    /**
     * `rounds` rounds after `warmup` untimed ones (connections and code paths warm): each times a
     * bare transfer, then a verify, then a settle, of payments `prepare` signed before the clock.
     */
    const timeRounds = async (
      rounds: number,
      warmup: number,
      prepare: () => Promise<{ bare: () => Promise<unknown>; verify: PaymentPayload; settle: PaymentPayload }>,
    ) => {
      const times = { bare: [] as number[], verify: [] as number[], settle: [] as number[] }
      for (let round = 0; round < warmup + rounds; round++) {
        const { bare, verify, settle } = await prepare()
        const measured = {
          bare: await timed(bare),
          verify: await timed(() => post('verify', verify)),
          settle: await timed(() => post('settle', settle)),
        }
        if (round < warmup) continue
        for (const kind of ['bare', 'verify', 'settle'] as const) times[kind].push(measured[kind])
      }
      return times
    }

    // EVM: the gas key, a relayer for the bare transfer, and a payer with Test USD and no ETH.
    const evmRpc = http(chain.rpcUrl)
    const publicClient = createPublicClient({ transport: evmRpc })
    const relayer = privateKeyToAccount(generatePrivateKey())
    const payer = privateKeyToAccount(generatePrivateKey())
    const anvil = createTestClient({ transport: evmRpc, mode: 'anvil' })
    for (const funded of [privateKeyToAccount(evmGasKey).address, relayer.address])
      await anvil.setBalance({ address: funded, value: parseEther('10') })
    const minted = await createWalletClient({ transport: evmRpc, account: devnet.accounts[0]! }).writeContract({
      chain: null,
      address: tusd,
      abi: tokenAbi,
      functionName: 'mint',
      args: [payer.address, 1_000_000_000n],
    })
    await publicClient.waitForTransactionReceipt({ hash: minted, pollingInterval: 50 })
    const evmClient = x402Client.fromConfig({
      schemes: [{ network: evmNetwork, client: new ExactEvmClient(toClientEvmSigner(payer, publicClient)) }],
      spendControls: false,
    })
    const evmRequirements = exactAt(evmNetwork, tusd, bench.merchant, { name: devnet.token.name, version: '1' })
    const relay = createWalletClient({ transport: evmRpc, account: relayer })
    const bareTransfer = async (payload: PaymentPayload) => {
      const { authorization: a, signature } = payload.payload as {
        authorization: {
          from: Address
          to: Address
          value: string
          validAfter: string
          validBefore: string
          nonce: Hex
        }
        signature: Hex
      }
      const hash = await relay.writeContract({
        chain: null,
        address: tusd,
        abi: tokenAbi,
        functionName: 'transferWithAuthorization',
        args: [a.from, a.to, BigInt(a.value), BigInt(a.validAfter), BigInt(a.validBefore), a.nonce, signature],
      })
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 50 })
      if (receipt.status !== 'success') throw new Error(`bare transferWithAuthorization reverted: ${hash}`)
    }

    const evm = await timeRounds(evmRounds, 2, async () => {
      const [forBare, forVerify, forSettle] = await Promise.all(
        [0, 1, 2].map(() => paymentFor(evmClient, evmRequirements)),
      )
      return { bare: () => bareTransfer(forBare!), verify: forVerify!, settle: forSettle! }
    })

    const load = await runAutocannon(`${facilitator}/verify`, 5, 10, {
      method: 'POST',
      headers,
      body: body(await paymentFor(evmClient, evmRequirements)),
    })

    // Solana: the merchant's Solana address (a link's recipient), the fee payer, and a payer with
    // Test USD and, for the bare transfer only, SOL.
    const solana = devnet.solana!
    const solanaRpc = createSolanaRpc(solana.rpcUrl)
    const recipient = (await generateKeyPairSigner()).address
    const solanaPayer = await generateKeyPairSigner()
    /** Polls every `intervalMs` until the signature is `confirmed` (or finalized); throws on a failed transaction. */
    const confirmed = async (signature: string, intervalMs: number) => {
      for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
        const [status] = (await solanaRpc.getSignatureStatuses([signature as Signature]).send()).value
        if (status?.err) throw new Error(`${signature} failed: ${JSON.stringify(status.err)}`)
        if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return
        await new Promise((resolve) => setTimeout(resolve, intervalMs))
      }
      throw new Error(`${signature} not confirmed in 30 s`)
    }
    const funding = await Promise.all([
      solana.faucet(base58.encode(solanaGasKey.subarray(32)), 'native', 1_000_000_000n),
      solana.faucet(solanaPayer.address, 'native', 1_000_000_000n),
      solana.faucet(solanaPayer.address, solana.mint, 1_000_000_000n),
      // The exact scheme pays an existing associated token account.
      solana.faucet(recipient, solana.mint, 1n),
    ])
    for (const signature of funding) await confirmed(signature, 100)
    const link = await app.inject({
      method: 'POST',
      url: '/api/links',
      headers,
      payload: {
        title: 'x402 bench',
        options: [{ asset: `${solana.caipNetworkId}/token:${solana.mint}`, amount: '1', recipient }],
      },
    })
    if (link.statusCode !== 201) throw new Error(`link: ${link.statusCode} ${link.body}`)
    const supported = (await (await fetch(`${facilitator}/supported`)).json()) as SupportedResponse
    const feePayer = supported.kinds.find((kind) => kind.network === solana.caipNetworkId)?.extra?.feePayer
    const solanaRequirements = exactAt(solana.caipNetworkId as `solana:${string}`, solana.mint, recipient, { feePayer })
    const svmClient = exactSvmClientAt(solana.rpcUrl, solanaPayer)
    const solanaClient = x402Client.fromConfig({
      schemes: [{ network: solana.caipNetworkId as `solana:${string}`, client: svmClient }],
      spendControls: false,
    })
    const bareSolana = async (transaction: string) => {
      const signature = await solanaRpc.sendTransaction(transaction as never, { encoding: 'base64' }).send()
      await confirmed(signature, 250)
    }
    const sol = await timeRounds(solanaRounds, 1, async () => {
      // The bare transfer: the payer is its own fee payer, so the client's partial signing is the whole.
      const own = await svmClient.createPaymentPayload(2, {
        ...solanaRequirements,
        extra: { feePayer: solanaPayer.address },
      })
      const [forVerify, forSettle] = await Promise.all([0, 1].map(() => paymentFor(solanaClient, solanaRequirements)))
      return {
        bare: () => bareSolana((own.payload as { transaction: string }).transaction),
        verify: forVerify!,
        settle: forSettle!,
      }
    })
    // Every payment moved: the recipient holds its 1 base unit and the price of each settled and each bare one.
    const { value: held } = await solanaRpc
      .getTokenAccountBalance(address(findAssociatedTokenAddress(recipient, solana.mint)), { commitment: 'confirmed' })
      .send()
    if (BigInt(held.amount) !== 1n + 2n * BigInt(price) * BigInt(solanaRounds + 1))
      throw new Error(`the recipient holds ${held.amount} Test USD base units`)

    const ms = (values: number[]) => round2(median(values))
    const bareEvm = `bare transferWithAuthorization: ${ms(evm.bare)} ms`
    const bareSvm = `bare transferChecked to confirmed: ${ms(sol.bare)} ms`
    const ratio = (values: number[], bare: number[]) => round2(median(values) / median(bare))
    return [
      atMost(`EVM settle / bare EIP-3009 transfer, median of ${evmRounds}`, ratio(evm.settle, evm.bare), 'x', 4, {
        beside: `settle ${ms(evm.settle)} ms; ${bareEvm}`,
        note: 'budget 4x: settle verifies (reads and a simulation) before it sends, then records the payment',
      }),
      atMost(`EVM verify / bare EIP-3009 transfer, median of ${evmRounds}`, ratio(evm.verify, evm.bare), 'x', 2, {
        beside: `verify ${ms(evm.verify)} ms; ${bareEvm}`,
        note: 'budget 2x: a verification sends nothing, but reads the chain and simulates the transfer',
      }),
      atLeast('EVM verifies per second (10 connections, 5 s)', load.rps, 'req/s', 30, {
        beside: `p99 ${load.p99} ms`,
        note: 'each one the API key, the payTo and replay checks, and @x402/evm reading anvil',
      }),
      atMost('EVM verify under load: errors and non-2xx answers', load.errors + load.non2xx, 'responses', 0, {
        note: `of ${load.total.toLocaleString('en-US')} requests`,
      }),
      info(`Solana settle / bare SPL transfer, median of ${solanaRounds}`, ratio(sol.settle, sol.bare), 'x', {
        beside: `settle ${ms(sol.settle)} ms; ${bareSvm}`,
        note: '400 ms slots, confirmed one slot after landing: both wait for the same slots',
      }),
      info(`Solana verify, median of ${solanaRounds}`, ms(sol.verify), 'ms', { beside: bareSvm }),
    ]
  } finally {
    await bench.close()
    await devnet.stop()
  }
}
