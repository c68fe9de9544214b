import { usePaylinkConfig, WalletGate } from '../../appkit/PaylinkProvider.js'
import { OperatorNotice } from '../../components/OperatorNotice.js'
import { ActivitySection } from './ActivitySection.js'
import { CallsSection } from './CallsSection.js'
import { CloudSection } from './CloudSection.js'
import { ConnectionSection } from './ConnectionSection.js'
import { ConstantsSection } from './ConstantsSection.js'
import { MetadataSection } from './MetadataSection.js'
import { NetworksSection } from './NetworksSection.js'
import { ViewsSection } from './ViewsSection.js'

/** For operators: what the embedded wallet toolkit sees and does in this browser, live. */
export function ToolkitPage() {
  return (
    <main className="page toolkit">
      <h1>Toolkit diagnostics</h1>
      <OperatorNotice config={usePaylinkConfig()} />
      <p className="lead">
        What the wallet toolkit (Reown AppKit) knows in this browser: the connection on each chain, the site metadata
        wallets see, the alerts visitors were shown, and the toolkit's own calls, run on demand. Nothing here changes
        Paylink's configuration.
      </p>
      <WalletGate>
        <CloudSection />
        <ConnectionSection />
        <ActivitySection />
        <ViewsSection />
        <NetworksSection />
        <CallsSection />
        <MetadataSection />
        <ConstantsSection />
      </WalletGate>
    </main>
  )
}
