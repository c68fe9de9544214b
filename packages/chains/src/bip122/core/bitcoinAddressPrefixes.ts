/**
 * The bech32 prefix (BIP-173 "human-readable part") of each Bitcoin network's addresses, by CAIP-2
 * reference (the genesis hash's first 32 hex digits): how the form and the API tell a testnet
 * address pasted into a mainnet link, before anything is paid to it.
 */
export const bitcoinAddressPrefixes: ReadonlyMap<string, { readonly name: string; readonly prefix: string }> = new Map([
  ['000000000019d6689c085ae165831e93', { name: 'mainnet', prefix: 'bc' }],
  ['000000000933ea01ad0ee984209779ba', { name: 'testnet', prefix: 'tb' }],
  ['00000008819873e925422c1ff0f99f7c', { name: 'signet', prefix: 'tb' }],
  ['0f9188f13cb7b2c71f2a335e3a4fc328', { name: 'regtest', prefix: 'bcrt' }],
])
