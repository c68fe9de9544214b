import type { DerivedAddress } from './bitcoinAccount.js'
import { objectOf, RPC, RpcFailure } from './satsConnectRpc.js'

/** How sats-connect lists one of the account's addresses. */
export const addressEntry = (a: DerivedAddress) => ({
  address: a.address,
  publicKey: a.publicKey,
  purpose: a.purpose,
  addressType: a.addressType,
  walletType: 'software' as const,
})

export type ConnectingWallet = {
  /** What `getInfo` lists. */
  methods: string[]
  /** The account's addresses (payment first: the connector takes the first as the connected one). */
  addresses(): ReturnType<typeof addressEntry>[]
  /** sats-connect's network object, `{ bitcoin: { name }, stacks: { name } }`. */
  network(): unknown
  setConnected(connected: boolean): void
}

/** What answerConnection returns for a method it leaves to the wallet. */
export const notAConnectionRequest = Symbol('notAConnectionRequest')

/**
 * The sats-connect requests that connect, list and disconnect the account, answered alike by the
 * Dev Wallet and the E2E test wallet: `getInfo`, `getAddresses { purposes }`, `getAccounts`,
 * `wallet_requestPermissions`, `wallet_disconnect`, `wallet_renouncePermissions`; any other method
 * gives `notAConnectionRequest`, for the wallet to answer.
 */
export function answerConnection(method: string, p: unknown, wallet: ConnectingWallet): unknown {
  switch (method) {
    case 'getInfo':
      return { version: '1.0.0', methods: wallet.methods, supports: [] }
    case 'getAddresses': {
      const purposes = objectOf(p).purposes
      if (!Array.isArray(purposes)) throw new RpcFailure(RPC.INVALID_PARAMS, 'purposes must be an array')
      wallet.setConnected(true)
      return { addresses: wallet.addresses().filter((a) => purposes.includes(a.purpose)), network: wallet.network() }
    }
    case 'getAccounts': {
      const purposes = objectOf(p).purposes
      wallet.setConnected(true)
      return wallet.addresses().filter((a) => !Array.isArray(purposes) || purposes.includes(a.purpose))
    }
    case 'wallet_requestPermissions':
      wallet.setConnected(true)
      return true
    case 'wallet_disconnect':
    case 'wallet_renouncePermissions':
      wallet.setConnected(false)
      return null
    default:
      return notAConnectionRequest
  }
}
