import { slip44AssetId } from '../../slip44AssetId.js'
import { bitcoinFacts } from '../core/bitcoinFacts.js'
import type { ChainAsset } from '../../chainShapes.js'
import type { DevnetBitcoinHandle, DevnetFaucet } from '../../serverFace/devnetFaucet.js'
import { bitcoinNetworkOf } from './bitcoinNetworks.js'
import { readBitcoinAddress } from './readBitcoinAddress.js'

/** The Bitcoin devnet's faucet: BTC in a real signed transaction from the devnet's faucet key, into the mempool (confirmed by the next block). */
export function createBitcoinDevnetFaucet(bitcoin: DevnetBitcoinHandle): DevnetFaucet {
  const network = bitcoinNetworkOf(bitcoin.caipNetworkId)
  if (!network)
    throw new Error(`The Bitcoin devnet's ${bitcoin.caipNetworkId} is not a Bitcoin network this server knows`)
  return {
    namespace: 'bip122',
    assets: [devnetBitcoinAsset(bitcoin.caipNetworkId)],
    isAddress: (address) => readBitcoinAddress(address, network) !== null,
    send: ({ address, amount }) => bitcoin.faucet(readBitcoinAddress(address, network)!, amount),
  }
}

/** The Bitcoin devnet's one asset. */
export function devnetBitcoinAsset(caipNetworkId: string): ChainAsset {
  return {
    assetId: slip44AssetId(caipNetworkId, bitcoinFacts.nativeCoinType),
    caipNetworkId,
    symbol: 'BTC',
    name: 'Bitcoin',
    decimals: 8,
    native: true,
  }
}
