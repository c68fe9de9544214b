import type { Asset, PublicConfig } from '@paylink/shared'
import { parseCaipAssetId } from '@paylink/shared'
import type { AppKit } from '@reown/appkit/react'
import type { ChainNamespace } from '@reown/appkit-common'
import { ChainController, ConnectionController, ConnectorController } from '@reown/appkit-controllers'
import { erc20Abi, type Address } from 'viem'

export interface ToolkitCallContext {
  appKit: AppKit
  config: PublicConfig
  /** The namespace picked on the page; may be one Paylink has no adapter for. */
  namespace: string
}

export interface ToolkitCall {
  id: string
  label: string
  /** What the toolkit does with it, in one line for the operator. */
  note: string
  run(ctx: ToolkitCallContext): Promise<string>
}

const ns = (ctx: ToolkitCallContext) => ctx.namespace as ChainNamespace
const addressOf = (ctx: ToolkitCallContext) => ChainController.getAccountData(ns(ctx))?.address
const client = () => {
  const c = ConnectionController._getClient()
  if (!c) throw new Error('The toolkit has not started')
  return c
}

function show(value: unknown): string {
  if (value === undefined) return 'returned nothing'
  if (value === '') return 'returned an empty answer'
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))
}

// A batch id (EIP-5792) that no wallet issued: the call shows the route of the question, not a real batch.
const UNISSUED_CALLS_ID = `0x${'00'.repeat(32)}`

// The wallet's answer to the last Grant permissions, so Revoke permissions names what was granted.
let lastGrant: { context?: unknown; permissionsContext?: unknown } | undefined

function firstToken(config: PublicConfig, caipNetworkId: string | undefined): Asset | undefined {
  return config.assets.find((a) => a.caipNetworkId === caipNetworkId && !a.native)
}

/**
 * The toolkit's calls to wallet providers and adapters, each run exactly as the toolkit's own
 * controllers run them, so the page shows the toolkit's own answer or error.
 */
export const toolkitCalls: ToolkitCall[] = [
  {
    id: 'connect',
    label: 'Connect',
    note: 'Connects the first wallet the toolkit found for the namespace.',
    async run(ctx) {
      const connector = ConnectorController.getConnectors(ns(ctx))[0]
      await ConnectionController.connectExternal(
        {
          id: connector?.id ?? 'none',
          type: connector?.type ?? 'INJECTED',
          provider: connector?.provider,
          info: connector?.info,
          chain: ns(ctx),
        },
        ns(ctx),
      )
      return `connected ${addressOf(ctx) ?? ''}`.trim()
    },
  },
  {
    id: 'disconnect',
    label: 'Disconnect',
    note: 'Disconnects this namespace only.',
    async run(ctx) {
      await ctx.appKit.disconnect(ns(ctx))
      return 'disconnected'
    },
  },
  {
    id: 'sign-message',
    label: 'Sign message',
    note: 'Signs with the active namespace.',
    async run() {
      return show(await ConnectionController.signMessage('Paylink toolkit check'))
    },
  },
  {
    id: 'send-transaction',
    label: 'Send transaction',
    note: 'Sends 0 to your own address; the toolkit sends on eip155 and solana only.',
    async run(ctx) {
      const address = addressOf(ctx)
      /* eslint-disable no-restricted-syntax -- AppKit's own namespace type: it sends on these two namespaces only */
      const hash =
        ctx.namespace === 'solana'
          ? await ConnectionController.sendTransaction({ chainNamespace: 'solana', to: address as string, value: 0 })
          : await client().sendTransaction({
              chainNamespace: ns(ctx) as 'eip155',
              to: address as Address,
              address: address as Address,
              data: '0x',
              value: 0n,
            })
      /* eslint-enable no-restricted-syntax */
      return hash ? `hash ${hash}` : `not sent: the toolkit does not send on ${ctx.namespace}`
    },
  },
  {
    id: 'estimate-gas',
    label: 'Estimate gas',
    note: 'Gas estimation exists for eip155 only; other namespaces answer 0.',
    async run(ctx) {
      // No stand-in address: with no account the toolkit's own error is what the operator must see.
      const address = addressOf(ctx) as Address
      // eslint-disable-next-line no-restricted-syntax -- AppKit's own namespace type: it estimates gas on EVM only
      const gas = await client().estimateGas({ chainNamespace: ns(ctx) as 'eip155', address, to: address, data: '0x' })
      return `${gas} gas`
    },
  },
  {
    id: 'write-contract',
    label: 'Write contract',
    note: 'Transfers 0 of the first token on the current network to yourself.',
    async run(ctx) {
      const network = ctx.appKit.getCaipNetwork(ns(ctx))
      const token = firstToken(ctx.config, network?.caipNetworkId)
      const address = addressOf(ctx) as Address
      const tokenAddress = (token ? parseCaipAssetId(token.assetId).assetReference : address) as Address
      const hash = await ConnectionController.writeContract({
        tokenAddress,
        fromAddress: address,
        method: 'transfer',
        abi: erc20Abi,
        args: [address, 0n],
        chainNamespace: ns(ctx),
      })
      return hash ? `hash ${hash}` : 'returned nothing'
    },
  },
  {
    id: 'balance',
    label: 'Balance',
    note: "The native balance, read by the namespace's adapter.",
    async run(ctx) {
      const address = addressOf(ctx)
      const network = ctx.appKit.getCaipNetwork(ns(ctx))
      if (!address || !network) throw new Error(`No ${ctx.namespace} account connected`)
      const result = await ctx.appKit.updateNativeBalance(address, network.id, ns(ctx))
      return result ? `${result.balance} ${result.symbol}` : 'returned nothing'
    },
  },
  {
    id: 'capabilities',
    label: 'Capabilities',
    note: 'wallet_getCapabilities (EIP-5792) on EVM.',
    async run(ctx) {
      return show(await ConnectionController.getCapabilities(addressOf(ctx) as string))
    },
  },
  {
    id: 'grant-permissions',
    label: 'Grant permissions',
    note: 'wallet_grantPermissions (ERC-7715) on EVM: a zero native allowance for one minute.',
    async run() {
      const expiry = Math.floor(Date.now() / 1000) + 60
      const permissions = [
        {
          type: 'native-token-recurring-allowance',
          data: { allowance: '0x0', start: expiry - 60, period: 60 },
          policies: [],
        },
      ]
      const answer = await ConnectionController.grantPermissions([{ expiry, permissions }])
      lastGrant = Array.isArray(answer)
        ? (answer[0] as { context?: unknown; permissionsContext?: unknown } | undefined)
        : undefined
      return show(answer)
    },
  },
  {
    id: 'revoke-permissions',
    label: 'Revoke permissions',
    note: 'wallet_revokePermissions on EVM: revokes the grant made above, by the context the wallet gave it.',
    async run(ctx) {
      const context = lastGrant?.context ?? lastGrant?.permissionsContext
      const pci = typeof context === 'string' ? context : 'none granted on this page'
      return show(
        await client().revokePermissions({ pci, permissions: [], expiry: 0, address: addressOf(ctx) as Address }),
      )
    },
  },
  {
    id: 'calls-status',
    label: 'Calls status (WalletConnect)',
    note: "wallet_getCallsStatus (EIP-5792) through the WalletConnect provider on the namespace's network, for a batch id no wallet issued: the provider asks the session's bundler first, then the wallet.",
    async run(ctx) {
      // The universal provider is what a site holds for WalletConnect; its own request() picks the
      // bundler, the wallet or its "not configured" error, so the page shows which one answered.
      const provider = await ctx.appKit.getUniversalProvider()
      if (!provider) throw new Error('No WalletConnect provider: WalletConnect needs a Reown project id')
      const chain = ctx.appKit.getCaipNetwork(ns(ctx))?.caipNetworkId
      return show(await provider.request({ method: 'wallet_getCallsStatus', params: [UNISSUED_CALLS_ID] }, chain))
    },
  },
  {
    id: 'get-assets',
    label: 'Get assets',
    note: 'wallet_getAssets (EIP-7811) on EVM.',
    async run(ctx) {
      return show(await ConnectionController.walletGetAssets({ account: addressOf(ctx) as Address }))
    },
  },
]
