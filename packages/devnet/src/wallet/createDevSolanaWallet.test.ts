import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
} from '@solana/kit'
import type { SolanaSignAndSendTransactionFeature, SolanaSignMessageFeature } from '@solana/wallet-standard-features'
import type {
  StandardConnectFeature,
  StandardDisconnectFeature,
  StandardEventsFeature,
} from '@wallet-standard/features'
import { getTransferSolInstruction } from '@solana-program/system'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSolanaDevnet, type SolanaDevnet } from '@paylink/chains/solana/devnet'
import { createDevSolanaWallet } from './createDevSolanaWallet.js'
import { devWalletSolanaKey } from '@paylink/chains/solana/devnet/wallet'

let devnet: SolanaDevnet
const chain = () => `solana:${devnet.genesisHash.slice(0, 32)}`
const memory = () => {
  const map = new Map<string, string>()
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) }
}

beforeAll(async () => {
  devnet = await startSolanaDevnet({ slotMs: 50, fundAccounts: [devWalletSolanaKey(0).address] })
}, 60_000)
afterAll(() => devnet?.close())

async function rpc(method: string, params: unknown[]) {
  const response = await fetch(devnet.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}

describe('createDevSolanaWallet', () => {
  it('is "Paylink Dev Wallet" with the demo key 0, connects, tells listeners and remembers it', async () => {
    const storage = memory()
    const { wallet, address: account } = createDevSolanaWallet({
      chains: [{ caipNetworkId: chain(), rpcUrl: devnet.rpcUrl }],
      storage,
    })
    expect(wallet.name).toBe('Paylink Dev Wallet')
    expect(account).toBe(devWalletSolanaKey(0).address)
    expect(wallet.chains).toEqual([chain()])
    const changes: number[] = []
    ;(wallet.features as StandardEventsFeature)['standard:events'].on('change', ({ accounts }) =>
      changes.push(accounts?.length ?? -1),
    )
    expect(
      (await (wallet.features as StandardConnectFeature)['standard:connect'].connect({ silent: true })).accounts,
    ).toEqual([])
    expect(
      (await (wallet.features as StandardConnectFeature)['standard:connect'].connect()).accounts.map((a) => a.address),
    ).toEqual([account])
    // A reload: a new wallet over the same storage is connected at once.
    expect(
      createDevSolanaWallet({ chains: [{ caipNetworkId: chain(), rpcUrl: devnet.rpcUrl }], storage }).wallet.accounts,
    ).toHaveLength(1)
    await (wallet.features as StandardDisconnectFeature)['standard:disconnect'].disconnect()
    expect(changes).toEqual([1, 0])
    expect(
      createDevSolanaWallet({ chains: [{ caipNetworkId: chain(), rpcUrl: devnet.rpcUrl }], storage }).wallet.accounts,
    ).toHaveLength(0)
  })

  it('signs a message that verifies, and signs and sends a transfer through the RPC', async () => {
    const { wallet, address: account } = createDevSolanaWallet({
      chains: [{ caipNetworkId: chain(), rpcUrl: devnet.rpcUrl }],
      storage: memory(),
    })
    const [walletAccount] = (await (wallet.features as StandardConnectFeature)['standard:connect'].connect()).accounts
    const message = new TextEncoder().encode('Paylink on the devnet')
    const [signed] = await (wallet.features as SolanaSignMessageFeature)['solana:signMessage'].signMessage({
      account: walletAccount!,
      message,
    })
    expect(ed25519.verify(signed!.signature, message, base58.decode(account))).toBe(true)

    const recipient = devWalletSolanaKey(7).address
    const { value: latest } = (await rpc('getLatestBlockhash', [])) as {
      value: { blockhash: string; lastValidBlockHeight: number }
    }
    const transaction = compileTransaction(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(address(account), m),
        (m) =>
          setTransactionMessageLifetimeUsingBlockhash(
            { blockhash: latest.blockhash as Blockhash, lastValidBlockHeight: BigInt(latest.lastValidBlockHeight) },
            m,
          ),
        (m) =>
          appendTransactionMessageInstructions(
            [
              getTransferSolInstruction({
                source: createNoopSigner(address(account)),
                destination: address(recipient),
                amount: 1_500_000_000n,
              }),
            ],
            m,
          ),
      ),
    )
    const [sent] = await (wallet.features as SolanaSignAndSendTransactionFeature)[
      'solana:signAndSendTransaction'
    ].signAndSendTransaction({
      account: walletAccount!,
      chain: chain() as `${string}:${string}`,
      transaction: new Uint8Array(getTransactionEncoder().encode(transaction)),
    })
    await devnet.waitForSignature(base58.encode(sent!.signature), 'confirmed')
    expect(await rpc('getBalance', [recipient, { commitment: 'confirmed' }])).toMatchObject({ value: 1_500_000_000 })
  })
})
