import { bitcoinNetworkOf, readBitcoinAddress } from '@paylink/chains/bip122/server'
import type { DevnetFaucet } from './devnetFaucet.js'
import { devnetBitcoinAsset, type DevnetBitcoinHandle } from './devnetNetworks.js'

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
