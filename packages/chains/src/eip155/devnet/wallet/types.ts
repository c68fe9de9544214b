export type DevWalletChain = { chainId: number; name: string; rpcUrl: string }

/** The part of `localStorage` the wallet uses (tests pass a Map-backed one). */
export type DevWalletStorage = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}

export type DevWalletRequestArguments = { readonly method: string; readonly params?: readonly unknown[] | object }

export type DevWalletEventMap = {
  accountsChanged: (accounts: `0x${string}`[]) => void
  chainChanged: (chainId: `0x${string}`) => void
  connect: (info: { chainId: `0x${string}` }) => void
  disconnect: (error: { code: number; message: string }) => void
}

/** An EIP-1193 provider. */
export type DevWalletProvider = {
  readonly isPaylinkDevWallet: true
  request(args: DevWalletRequestArguments): Promise<unknown>
  on<E extends keyof DevWalletEventMap>(event: E, listener: DevWalletEventMap[E]): DevWalletProvider
  removeListener<E extends keyof DevWalletEventMap>(event: E, listener: DevWalletEventMap[E]): DevWalletProvider
}
