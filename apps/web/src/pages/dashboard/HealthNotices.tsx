import type { Health, PublicConfig } from '@paylink/shared'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { getHealth } from '../../api/health.js'
import { usePaylinkConfig } from '../../appkit/PaylinkProvider.js'

export interface HealthNoticesProps<Notice> {
  /** What /api/health says that the merchant should know, one notice a paragraph; none hides the banner. */
  describe: (health: Health | undefined, networks: PublicConfig['networks']) => Notice[]
  role: 'status' | 'alert'
  testId: string
  keyOf: (notice: Notice) => string
  children: (notice: Notice) => ReactNode
}

/**
 * A dashboard banner fed by /api/health (polled every 30 s, one query shared by every banner):
 * degraded RPCs, halted chains and a low x402 gas key differ only in what they pick and say.
 */
export function HealthNotices<Notice>({ describe, role, testId, keyOf, children }: HealthNoticesProps<Notice>) {
  const config = usePaylinkConfig()
  const health = useQuery({ queryKey: ['health'], queryFn: getHealth, refetchInterval: 30_000 })
  const notices = describe(health.data, config.networks)
  if (notices.length === 0) return null
  return (
    <div className="dash-alert" role={role} data-testid={testId}>
      {notices.map((notice) => (
        <p key={keyOf(notice)}>{children(notice)}</p>
      ))}
    </div>
  )
}
