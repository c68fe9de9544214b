import { chainFacts } from '@paylink/chains/facts'
import { ConstantsUtil, type CaipNetwork } from '@reown/appkit-common'
import { ChainController, ModalController, RouterController } from '@reown/appkit-controllers'
import { watchAccount, type Config } from '@wagmi/core'

/**
 * When the wallet moves to a chain Paylink does not list, AppKit marks the network "Unknown
 * Network" and opens its UnsupportedChain view. If the wallet then returns to a listed chain by
 * itself, AppKit 1.7.8 keeps "Unknown Network" and reopens that view until the visitor picks a
 * network by hand. This puts the toolkit back on the wallet's (listed) chain and closes the view.
 */
export function recoverFromUnsupportedChain(wagmiConfig: Config, networks: readonly CaipNetwork[]): () => void {
  let walletChainId: number | undefined

  const listedWalletNetwork = () =>
    networks.find((n) => n.chainNamespace === chainFacts.eip155.namespace && Number(n.id) === walletChainId)

  const reconcile = () => {
    const listed = listedWalletNetwork()
    if (!listed) return
    const active = ChainController.state.activeCaipNetwork
    if (
      ChainController.state.activeChain === chainFacts.eip155.namespace &&
      active?.name === ConstantsUtil.UNSUPPORTED_NETWORK_NAME
    ) {
      ChainController.setActiveCaipNetwork(listed)
    }
    if (ModalController.state.open && RouterController.state.view === 'UnsupportedChain') {
      const now = ChainController.state.activeCaipNetwork
      if (now?.caipNetworkId === listed.caipNetworkId) ModalController.close()
    }
  }

  const stopWatching = watchAccount(wagmiConfig, {
    onChange(account) {
      walletChainId = account.status === 'connected' ? account.chainId : undefined
      reconcile()
    },
  })
  // AppKit's own account sync may reopen the view just after the chain change: look again then.
  const stopView = RouterController.subscribeKey('view', reconcile)
  const stopOpen = ModalController.subscribeKey('open', reconcile)
  return () => {
    stopWatching()
    stopView()
    stopOpen()
  }
}
