/**
 * The Dev Wallet's Bitcoin account: a sats-connect provider named "Paylink Dev Wallet" over the
 * DEMO-ONLY keys of devWalletBitcoinKeys.ts (payment P2WPKH + ordinals P2TR on regtest), which the
 * devnet funds at its first start. Unlike the TEST wallet (test-wallets/bitcoin.ts), it moves
 * real coins: `sendTransfer` builds a transaction from the payment address's UTXOs (read from the
 * devnet's Esplora, through the server's proxy), signs it and broadcasts it with `POST /tx`.
 *
 * AppKit 1.7.8's Bitcoin adapter reads `window.btc_providers` once, when createAppKit runs, and
 * resolves each entry's `id` as a dotted path into `window` (sats-connect `getProviderById`), so
 * announceDevBitcoinWallet (announceDevBitcoinWallet.ts) must run before createAppKit. The connector calls
 * `provider.request(method, params)` and expects a JSON-RPC envelope back. Methods:
 * - `getAddresses { purposes }`, `getAccounts`, `wallet_connect`, `wallet_getAccount`,
 *   `wallet_getNetwork`, `wallet_disconnect`, `getInfo`;
 * - `signMessage { address, message, protocol? }`: BIP-322 (base64), or BIP-137 with
 *   protocol 'ECDSA' for the payment address;
 * - `sendTransfer { recipients: [{ address, amount (sats) }] }` -> `{ txid }` of the broadcast
 *   transaction (fee: Esplora's next-block rate x the size bound of the core face's
 *   planBitcoinTransfer, the same the Wallet page shows first);
 * - `signPsbt { psbt (base64), signInputs: { [address]: number[] }, broadcast? }` ->
 *   `{ psbt, txid? }`: signs the listed inputs with the key of that address (finalized and
 *   broadcast when `broadcast`).
 * No prompt: it is a demo wallet, every request is granted.
 */
import { bitcoinFeeRate, planBitcoinTransfer, type BitcoinCoin } from '../../core/index.js'
import { transactionOfPlan } from '../../core/transactionOfPlan.js'
import { base64 } from '@scure/base'
import { Address, OutScript, Transaction } from '@scure/btc-signer'
import { addressEntry, answerConnection, notAConnectionRequest, type ConnectingWallet } from './answerConnection.js'
import { answerSignMessage } from './answerSignMessage.js'
import { purposeOf, REGTEST_ADDRESSES } from './bitcoinAccount.js'
import { devWalletBitcoinKeys } from './devWalletBitcoinKeys.js'
import { DEV_BITCOIN_METHODS } from './devBitcoinMethods.js'
import { objectOf, RPC, RpcFailure } from './satsConnectRpc.js'

export type CreateDevBitcoinWalletParameters = {
  /** The devnet's Esplora base URL (the server's proxy: `<origin>/devnet/bitcoin/esplora`). */
  esploraUrl: string
  /** For tests: another fetch. */
  fetch?: typeof fetch
}

export type SatsConnectResponse =
  | { jsonrpc: '2.0'; id: string; result: unknown }
  | { jsonrpc: '2.0'; id: string; error: { code: number; message: string } }

export type DevBitcoinProvider = {
  request(method: string, params?: unknown): Promise<SatsConnectResponse>
  addListener(event: string, callback: (event: unknown) => void): () => void
}

export type DevBitcoinWallet = {
  provider: DevBitcoinProvider
  paymentAddress: string
  ordinalsAddress: string
}

export function createDevBitcoinWallet({
  esploraUrl,
  fetch: fetchFn = globalThis.fetch.bind(globalThis),
}: CreateDevBitcoinWalletParameters): DevBitcoinWallet {
  const keys = devWalletBitcoinKeys()
  const base = esploraUrl.replace(/\/+$/, '')
  let connected = false
  let nextId = 1
  // The network names are sats-connect's; the chain is the devnet's regtest.
  const network = { bitcoin: { name: 'Regtest' }, stacks: { name: 'Testnet' } }
  const addresses = () => [addressEntry(keys.payment), addressEntry(keys.ordinals)]
  const requireConnected = () => {
    if (!connected) throw new RpcFailure(RPC.ACCESS_DENIED, 'Not connected: call getAddresses or wallet_connect first')
  }

  async function esplora(path: string, init?: RequestInit): Promise<string> {
    const response = await fetchFn(`${base}${path}`, init)
    const text = await response.text()
    if (!response.ok)
      throw new RpcFailure(
        RPC.INTERNAL_ERROR,
        `The Bitcoin devnet refused ${init?.method ?? 'GET'} ${path}: ${text || `HTTP ${response.status}`}`,
      )
    return text
  }
  const broadcast = (hex: string) =>
    esplora('/tx', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: hex })

  async function sendTransfer(p: unknown): Promise<{ txid: string }> {
    requireConnected()
    const recipients = objectOf(p).recipients
    if (
      !Array.isArray(recipients) ||
      recipients.length === 0 ||
      !recipients.every((r: unknown) => {
        const { address, amount } = objectOf(r)
        return (
          typeof address === 'string' && address.length > 0 && Number.isSafeInteger(amount) && (amount as number) > 0
        )
      })
    ) {
      throw new RpcFailure(RPC.INVALID_PARAMS, 'recipients: [{ address, amount (integer satoshis > 0) }] required')
    }
    const outputs = (recipients as Array<{ address: string; amount: number }>).map(({ address, amount }) => {
      try {
        return { script: OutScript.encode(Address(REGTEST_ADDRESSES).decode(address)), amount: BigInt(amount) }
      } catch {
        throw new RpcFailure(RPC.INVALID_PARAMS, `${address} is not a regtest address (bcrt1…)`)
      }
    })
    const [utxoText, feeText] = await Promise.all([
      esplora(`/address/${keys.payment.address}/utxo`),
      esplora('/fee-estimates'),
    ])
    const coins: BitcoinCoin[] = (JSON.parse(utxoText) as Array<{ txid: string; vout: number; value: number }>).map(
      (u) => ({ txid: u.txid, vout: u.vout, value: BigInt(u.value) }),
    )
    const amount = outputs.reduce((sum, o) => sum + o.amount, 0n)
    let plan
    try {
      plan = planBitcoinTransfer({
        coins,
        amount,
        recipients: outputs.length,
        feeRate: bitcoinFeeRate(JSON.parse(feeText) as Record<string, number>),
      })
    } catch (error) {
      throw new RpcFailure(RPC.INVALID_PARAMS, (error as Error).message)
    }
    const tx = transactionOfPlan(plan, keys.payment.script, outputs)
    tx.sign(keys.payment.privateKey)
    tx.finalize()
    const txid = (await broadcast(tx.hex)).trim()
    return { txid }
  }

  async function signPsbt(p: unknown): Promise<{ psbt: string; txid?: string }> {
    requireConnected()
    const { psbt, signInputs, broadcast: send } = objectOf(p)
    if (typeof psbt !== 'string' || psbt.length === 0)
      throw new RpcFailure(RPC.INVALID_PARAMS, 'psbt (base64) is required')
    let tx: Transaction
    try {
      tx = Transaction.fromPSBT(base64.decode(psbt))
    } catch (error) {
      throw new RpcFailure(RPC.INVALID_PARAMS, `psbt does not parse: ${(error as Error).message}`)
    }
    for (const [address, indexes] of Object.entries(objectOf(signInputs))) {
      const which = purposeOf(keys, address)
      if (!which) throw new RpcFailure(RPC.INVALID_PARAMS, `Address ${address} does not belong to this wallet`)
      if (!Array.isArray(indexes) || !indexes.every((i) => Number.isSafeInteger(i) && i >= 0 && i < tx.inputsLength)) {
        throw new RpcFailure(RPC.INVALID_PARAMS, `signInputs[${address}]: input indexes of the PSBT required`)
      }
      for (const index of indexes as number[]) {
        if (which === 'ordinals' && !tx.getInput(index).tapInternalKey)
          tx.updateInput(index, { tapInternalKey: keys.ordinals.internalKey })
        try {
          tx.signIdx(keys[which].privateKey, index)
        } catch (error) {
          throw new RpcFailure(RPC.INVALID_PARAMS, `input ${index}: ${(error as Error).message}`)
        }
      }
    }
    if (send !== true) return { psbt: base64.encode(tx.toPSBT()) }
    tx.finalize()
    const txid = (await broadcast(tx.hex)).trim()
    return { psbt: base64.encode(tx.toPSBT()), txid }
  }

  const connection: ConnectingWallet = {
    methods: DEV_BITCOIN_METHODS,
    addresses,
    network: () => network,
    setConnected: (on) => void (connected = on),
  }

  async function run(method: string, p: unknown): Promise<unknown> {
    const answer = answerConnection(method, p, connection)
    if (answer !== notAConnectionRequest) return answer
    switch (method) {
      case 'wallet_connect':
      case 'wallet_getAccount':
        if (method === 'wallet_connect') connected = true
        requireConnected()
        return { id: 'paylink-dev-wallet-bitcoin', addresses: addresses(), walletType: 'software', network }
      case 'wallet_getNetwork':
        return network
      case 'signMessage':
        requireConnected()
        return answerSignMessage(p, keys)
      case 'sendTransfer':
        return sendTransfer(p)
      case 'signPsbt':
        return signPsbt(p)
      default:
        throw new RpcFailure(RPC.METHOD_NOT_FOUND, `Method not found: ${method}`)
    }
  }

  const listeners = new Map<string, Set<(event: unknown) => void>>()
  const provider: DevBitcoinProvider = {
    async request(method, p) {
      const id = String(nextId++)
      try {
        return { jsonrpc: '2.0', id, result: await run(method, p) }
      } catch (error) {
        return {
          jsonrpc: '2.0',
          id,
          error: {
            code: error instanceof RpcFailure ? error.code : RPC.INTERNAL_ERROR,
            message: (error as Error).message,
          },
        }
      }
    },
    addListener(event, callback) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(callback)
      return () => void set.delete(callback)
    },
  }
  return { provider, paymentAddress: keys.payment.address, ordinalsAddress: keys.ordinals.address }
}
