/**
 * The sats-connect methods the Dev Wallet's Bitcoin provider answers (`Provider.methods` when it
 * is announced, `getInfo` once asked). Its own module so the announcement names them without
 * loading the wallet, which loads on the first request.
 */
export const DEV_BITCOIN_METHODS = [
  'getInfo',
  'getAddresses',
  'getAccounts',
  'signMessage',
  'sendTransfer',
  'signPsbt',
  'wallet_connect',
  'wallet_disconnect',
  'wallet_getAccount',
  'wallet_getNetwork',
  'wallet_requestPermissions',
  'wallet_renouncePermissions',
]
