/**
 * EIP-1193 `ProviderRpcError`: what a page's wallet library branches on is `code`
 * (4001 user rejected, 4100 unauthorized, 4200 unsupported method, 4900/4901 disconnected,
 * 4902 unrecognized chain, -326xx JSON-RPC errors forwarded from the node).
 */
export class ProviderRpcError extends Error {
  readonly code: number
  readonly data?: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.name = 'ProviderRpcError'
    this.code = code
    if (data !== undefined) this.data = data
  }
}

export const userRejected = () => new ProviderRpcError(4001, 'User rejected the request.')

export const unauthorized = (why = 'The requested account has not been authorized by the user.') =>
  new ProviderRpcError(4100, why)

export const unsupportedMethod = (method: string) =>
  new ProviderRpcError(4200, `The Paylink Dev Wallet does not support ${method}.`)

export const disconnected = () => new ProviderRpcError(4900, 'The wallet is disconnected.')

export const chainDisconnected = (chainId: number) =>
  new ProviderRpcError(4901, `The wallet has no RPC endpoint for chain ${chainId}.`)

export const unrecognizedChain = (chainId: string | number) =>
  new ProviderRpcError(
    4902,
    `Unrecognized chain ID "${typeof chainId === 'number' ? `0x${chainId.toString(16)}` : chainId}". Try adding the chain using wallet_addEthereumChain first.`,
  )

export const invalidParams = (why: string) => new ProviderRpcError(-32602, why)

export const internalError = (why: string, data?: unknown) => new ProviderRpcError(-32603, why, data)
