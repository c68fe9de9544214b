import { useQuery } from '@tanstack/react-query'
import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'
import { probeReownCloud } from './probeReownCloud.js'

const cloudFeatures =
  'Email and social login, WalletConnect (QR code and mobile wallets), swaps, on-ramp and name registration'

/** Whether Reown's cloud features can work from this browser, said plainly. */
export function CloudSection() {
  const { projectId } = usePaylinkConfig()
  const probe = useQuery({
    queryKey: ['reown-cloud', projectId],
    enabled: projectId !== null,
    retry: false,
    staleTime: 60_000,
    queryFn: () => probeReownCloud(projectId!),
  })
  let status: { text: string; problem: boolean }
  if (projectId === null)
    status = {
      text: `Off: no Reown project id is configured. ${cloudFeatures} are not offered; browser wallets connect, sign and send.`,
      problem: false,
    }
  else if (probe.isPending) status = { text: 'Checking Reown’s cloud…', problem: false }
  else if (probe.isError)
    status = {
      text: `Unreachable: ${probe.error.message}. ${cloudFeatures} cannot complete from this browser; browser wallets still connect, sign and send.`,
      problem: true,
    }
  else status = { text: 'Reachable.', problem: false }
  return (
    <section aria-labelledby="toolkit-cloud-title">
      <h2 id="toolkit-cloud-title">Reown cloud</h2>
      <p
        role={status.problem ? 'alert' : 'status'}
        className={status.problem ? 'error' : undefined}
        data-testid="toolkit-cloud"
      >
        {status.text}
      </p>
    </section>
  )
}
