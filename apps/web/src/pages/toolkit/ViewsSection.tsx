import { ModalController, RouterController } from '@reown/appkit-controllers'
import { usePaylinkKit } from '../../appkit/PaylinkProvider.js'
import { useToolkitActivity } from '../../appkit/toolkitActivity.js'
import { useToolkitTick } from './useToolkitTick.js'

/** The views the toolkit lets a site open by name (`open({ view })`). */
const openableViews = ['Connect', 'Account', 'AllWallets', 'Networks', 'Swap', 'ApproveTransaction'] as const

/**
 * 1.7.8 types `open({ view })` to the list above, but its ModalController.open hands any router view
 * to RouterController.reset, as it does for ApproveTransaction. The toolkit itself reaches
 * RegisterAccountName from its name-choosing view, which it offers to embedded (email/social)
 * wallets only; opened by name, the view and its name-service lookups work with any account.
 */
const registerAccountName = { view: 'RegisterAccountName' } as unknown as Parameters<
  ReturnType<typeof usePaylinkKit>['appKit']['open']
>[0]

export function ViewsSection() {
  useToolkitTick()
  const { appKit } = usePaylinkKit()
  const { views } = useToolkitActivity()
  return (
    <section aria-labelledby="toolkit-views-title">
      <h2 id="toolkit-views-title">Modal views</h2>
      <p>
        Modal: <strong data-testid="toolkit-modal-open">{ModalController.state.open ? 'open' : 'closed'}</strong>, view{' '}
        <strong data-testid="toolkit-view">{RouterController.state.view}</strong>
      </p>
      <div className="actions">
        {openableViews.map((view) => (
          <button key={view} onClick={() => void appKit.open({ view })}>
            Open {view}
          </button>
        ))}
        <button onClick={() => void appKit.open(registerAccountName)}>Open RegisterAccountName</button>
      </div>
      <p>
        Views shown since this page loaded: <span data-testid="toolkit-views-seen">{views.join(', ') || 'none'}</span>
      </p>
    </section>
  )
}
