import { rmSync } from 'node:fs'
import { join } from 'node:path'

import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  erc20Abi,
  getAddress,
  getContractAddress,
  http,
  parseEther,
  parseUnits,
  type Abi,
  type Address,
  type Hex,
} from 'viem'

import { devnetFaces } from '@paylink/chains/devnet'
import type { BitcoinDevnet } from '@paylink/chains/bip122/devnet'
import { devWalletBitcoinAddresses } from '@paylink/chains/bip122/devnet/wallet'
import type { StartSavedAnvilReturnType } from '@paylink/chains/eip155/devnet'
import type { SolanaDevnet } from '@paylink/chains/solana/devnet'
import { DEV_WALLET_SOLANA_ACCOUNTS, devWalletSolanaKey } from '@paylink/chains/solana/devnet/wallet'

import testUsdArtifact from './artifacts/TestUSD.json' with { type: 'json' }
import { deployDepositFactoryOnDevnet } from '@paylink/chains/eip155/devnet'
import { upgradeTestUsdInPlace } from './upgradeTestUsd.js'

const { chainStateFiles, endLeftoverAnvil, startAnvil, startSavedAnvil } = devnetFaces.eip155
const { startSolanaDevnet } = devnetFaces.solana
const { startBitcoinDevnet } = devnetFaces.bip122

export type DevnetChain = { chainId: number; name: string; rpcUrl: string }

export type DevnetToken = {
  chainId: number
  address: `0x${string}`
  symbol: 'TUSD'
  name: 'Test USD'
  decimals: 6
}

/** The demo's Solana chain (see solana/README.md), as the server needs it. */
export type DevnetSolana = {
  /** `solana:<first 32 characters of the genesis hash>`: a new chain (reset) is a new network. */
  caipNetworkId: SolanaDevnet['caipNetworkId']
  name: 'Paylink Solana Devnet'
  rpcUrl: string
  wsUrl: string
  genesisHash: string
  /** The Test USD mint (base58), 6 decimals. */
  mint: string
  /** Slots after which a transaction is finalized. */
  finalizeDepth: number
  /** The Dev Wallet's Solana accounts (base58), funded with SOL and Test USD. */
  accounts: string[]
  /** Sends lamports (asset 'native') or Test USD base units (asset = the mint) from the devnet's faucet; resolves to the signature. */
  faucet(address: string, asset: string, amount: bigint): Promise<string>
}

/** The demo's Bitcoin regtest chain (see bitcoin/README.md), as the server needs it. */
export type DevnetBitcoin = {
  /** `bip122:0f9188f13cb7b2c71f2a335e3a4fc328` (regtest's genesis: the same on every reset). */
  caipNetworkId: BitcoinDevnet['caipNetworkId']
  name: 'Paylink Bitcoin Devnet'
  /** The devnet's Esplora REST API on loopback. */
  esploraUrl: string
  /** A block every this many ms (0: only on demand). */
  blockIntervalMs: number
  /** The Dev Wallet's Bitcoin addresses (payment P2WPKH, ordinals P2TR), funded at the chain's first start. */
  accounts: string[]
  /** Pays `sats` to a regtest address in a real transaction from the devnet's faucet key; resolves to the txid. */
  faucet(address: string, sats: bigint): Promise<string>
  /** Mines `blocks` blocks now; resolves to their hashes. */
  mine(blocks: number): Promise<string[]>
}

export type Devnet = {
  chains: Array<DevnetChain>
  token: DevnetToken
  accounts: `0x${string}`[]
  /** Absent only when started with `solana: false`. */
  solana?: DevnetSolana
  /** Absent only when started with `bitcoin: false`. */
  bitcoin?: DevnetBitcoin
  stop(): Promise<void>
}

export const DEVNET_CHAINS = [
  { chainId: 31337, name: 'Paylink Devnet' },
  { chainId: 31338, name: 'Paylink Devnet L2' },
] as const

/** Every dev account starts with this much TUSD (atomic units, 6 decimals). */
export const TUSD_PER_ACCOUNT = parseUnits('10000', 6)

export type StartDevnetParameters = {
  /**
   * Where the chains keep their state (e.g. `<DATA_DIR>/devnet`): each start is then the same
   * chains as the last, and Test USD is deployed only once. Unset: new chains that vanish on stop.
   */
  stateDir?: string
  /** Ends the chains left running in `stateDir` and removes their states first. */
  reset?: boolean
  /** Also start the Solana devnet (default true); its state is `<stateDir>/solana.json`. */
  solana?: boolean
  /**
   * Also start the Bitcoin regtest devnet (default true); its state is `<stateDir>/bitcoin.json`.
   * `blockIntervalMs`: a block every so often (default 10 s; 0 = only on demand).
   */
  bitcoin?: boolean | { blockIntervalMs?: number }
}

/**
 * Starts the local chains for the demo and the tests: two anvils ("Paylink Devnet" 31337 and
 * "Paylink Devnet L2" 31338), each with anvil's 10 unlocked accounts of 10 000 ETH, and the
 * Test USD token deployed on 31337 with 10 000 TUSD for each account; and the Solana devnet
 * ("Paylink Solana Devnet", litesvm) with its Test USD mint and the Dev Wallet's Solana
 * accounts funded with 100 SOL and 10 000 TUSD each; and the Bitcoin regtest devnet ("Paylink
 * Bitcoin Devnet") with the Dev Wallet's Bitcoin addresses funded with 10 BTC each.
 */
export async function startDevnet({
  stateDir,
  reset = false,
  solana = true,
  bitcoin = true,
}: StartDevnetParameters = {}): Promise<Devnet> {
  if (stateDir && reset) await resetDevnetState(stateDir)
  const startingSolana = solana ? startDemoSolana(stateDir) : Promise.resolve(null)
  const startingBitcoin = bitcoin ? startDemoBitcoin(stateDir, bitcoin === true ? {} : bitcoin) : Promise.resolve(null)
  const started = await Promise.allSettled(
    DEVNET_CHAINS.map(({ chainId }): Promise<StartSavedAnvilReturnType> =>
      stateDir
        ? startSavedAnvil({ chainId, stateDir })
        : startAnvil({ chainId }).then((anvil) => ({ ...anvil, loaded: false, saveState: async () => {} })),
    ),
  )
  const [solanaStarted, bitcoinStarted] = await Promise.allSettled([startingSolana, startingBitcoin])
  const anvils = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  const solanaDevnet = solanaStarted.status === 'fulfilled' ? solanaStarted.value : null
  const bitcoinDevnet = bitcoinStarted.status === 'fulfilled' ? bitcoinStarted.value : null
  const stop = async () => {
    await Promise.all([...anvils.map((anvil) => anvil.stop()), solanaDevnet?.close(), bitcoinDevnet?.devnet.close()])
  }
  const failure = [...started, solanaStarted, bitcoinStarted].find(
    (result): result is PromiseRejectedResult => result.status === 'rejected',
  )
  if (failure) {
    await stop()
    throw failure.reason
  }

  try {
    const l1 = anvils[0]!
    const deployed = l1.loaded ? await findTestUsd(l1.rpcUrl) : null
    const { accounts, tokenAddress } = deployed ?? (await deployTestUsd(l1.rpcUrl))
    // The deployer's refill and an in-place upgrade mine no block: save now rather than at the next block.
    await l1.saveState()
    await deployDepositFactoryOnDevnet(anvils, accounts[0]!)
    return {
      chains: DEVNET_CHAINS.map(({ chainId, name }, i) => ({ chainId, name, rpcUrl: anvils[i]!.rpcUrl })),
      token: { chainId: l1.chainId, address: tokenAddress, symbol: 'TUSD', name: 'Test USD', decimals: 6 },
      accounts,
      ...(solanaDevnet ? { solana: describeSolana(solanaDevnet) } : {}),
      ...(bitcoinDevnet ? { bitcoin: describeBitcoin(bitcoinDevnet.devnet, bitcoinDevnet.blockIntervalMs) } : {}),
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * Ends the devnet chains a killed run left in `stateDir` and removes their saved states, so the
 * next start makes new chains. Throws DevnetInUseError when a live process still runs them.
 */
export async function resetDevnetState(stateDir: string): Promise<void> {
  for (const { chainId } of DEVNET_CHAINS) {
    const { pidFile, exitDumpPath } = chainStateFiles(stateDir, chainId)
    await endLeftoverAnvil({ pidFile, dumpState: exitDumpPath })
  }
  rmSync(stateDir, { recursive: true, force: true })
}

/** The Solana devnet of the demo: one state file beside the anvils', the Dev Wallet's accounts funded. */
function startDemoSolana(stateDir: string | undefined): Promise<SolanaDevnet> {
  const fundAccounts = Array.from({ length: DEV_WALLET_SOLANA_ACCOUNTS }, (_, i) => devWalletSolanaKey(i).address)
  return startSolanaDevnet({ fundAccounts, ...(stateDir ? { statePath: join(stateDir, 'solana.json') } : {}) })
}

/** The Bitcoin devnet of the demo: `<stateDir>/bitcoin.json`, the Dev Wallet's addresses funded at its first start. */
async function startDemoBitcoin(
  stateDir: string | undefined,
  { blockIntervalMs = 10_000 }: { blockIntervalMs?: number },
): Promise<{ devnet: BitcoinDevnet; blockIntervalMs: number }> {
  const devnet = await startBitcoinDevnet({
    blockIntervalMs,
    fundAddresses: devWalletBitcoinAddresses(),
    ...(stateDir ? { statePath: join(stateDir, 'bitcoin.json') } : {}),
  })
  return { devnet, blockIntervalMs }
}

function describeBitcoin(devnet: BitcoinDevnet, blockIntervalMs: number): DevnetBitcoin {
  return {
    caipNetworkId: devnet.caipNetworkId,
    name: 'Paylink Bitcoin Devnet',
    esploraUrl: devnet.esploraUrl,
    blockIntervalMs,
    accounts: devWalletBitcoinAddresses(),
    faucet: (address, sats) => devnet.faucet(address, sats),
    mine: (blocks) => devnet.mine(blocks),
  }
}

function describeSolana(devnet: SolanaDevnet): DevnetSolana {
  return {
    caipNetworkId: devnet.caipNetworkId,
    name: 'Paylink Solana Devnet',
    rpcUrl: devnet.rpcUrl,
    wsUrl: devnet.wsUrl,
    genesisHash: devnet.genesisHash,
    mint: devnet.mint,
    finalizeDepth: devnet.ledger.finalizeDepth,
    accounts: Array.from({ length: DEV_WALLET_SOLANA_ACCOUNTS }, (_, i) => devWalletSolanaKey(i).address),
    faucet: (address, asset, amount) => devnet.faucet(address, asset, amount),
  }
}

type TestUsdDeployment = { accounts: Address[]; tokenAddress: Address }

async function devAccounts(rpcUrl: string): Promise<Address[]> {
  const accounts = (await createWalletClient({ transport: http(rpcUrl) }).getAddresses()).map((a) => getAddress(a))
  if (!accounts[0]) throw new Error(`anvil at ${rpcUrl} lists no accounts`)
  return accounts
}

/** Test USD on a loaded chain: the deployer's first contract, if it answers as Test USD. */
async function findTestUsd(rpcUrl: string): Promise<TestUsdDeployment | null> {
  const accounts = await devAccounts(rpcUrl)
  const tokenAddress = getContractAddress({ from: accounts[0]!, nonce: 0n })
  const client = createPublicClient({ transport: http(rpcUrl) })
  const token = { address: tokenAddress, abi: erc20Abi } as const
  try {
    const [symbol, decimals] = await Promise.all([
      client.readContract({ ...token, functionName: 'symbol' }),
      client.readContract({ ...token, functionName: 'decimals' }),
    ])
    if (symbol !== 'TUSD' || decimals !== 6) return null
  } catch {
    // No code there (a state saved before the deployment was mined): deploy it now.
    return null
  }
  await upgradeTestUsdInPlace(rpcUrl, tokenAddress, accounts[0]!)
  return { accounts, tokenAddress }
}

async function deployTestUsd(rpcUrl: string): Promise<TestUsdDeployment> {
  // Automine makes the receipt available at once; a short poll keeps start-up fast.
  const transport = http(rpcUrl)
  const publicClient = createPublicClient({ transport, pollingInterval: 20 })
  const accounts = await devAccounts(rpcUrl)
  const deployer = accounts[0]!
  const walletClient = createWalletClient({ transport, account: deployer })
  const hash = await walletClient.deployContract({
    chain: null,
    abi: testUsdArtifact.abi as Abi,
    bytecode: testUsdArtifact.bytecode as Hex,
    args: [accounts, TUSD_PER_ACCOUNT],
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`TestUSD deployment failed (${hash})`)
  // Give the deployer back the gas it spent, so every account shows a round 10 000 ETH.
  await createTestClient({ transport, mode: 'anvil' }).setBalance({ address: deployer, value: parseEther('10000') })
  return { accounts, tokenAddress: getAddress(receipt.contractAddress) }
}
