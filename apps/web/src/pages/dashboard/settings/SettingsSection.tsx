import type { UseQueryResult } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { LoadError } from '../DashTable.js'

export interface SettingsSectionProps<Saved> {
  /** Names the card: `${id}-title` labels it, `${id}-section` is its test id. */
  id: string
  title: string
  intro: ReactNode
  /** What is saved today; its form shows once it is loaded. */
  saved: UseQueryResult<Saved>
  /** The status while it loads, and its name in the load error ("Your profile"). */
  loading: string
  what: string
  children: (saved: Saved) => ReactNode
}

/** A card of the Settings page: its title, what it is for, then its form once the saved values are read. */
export function SettingsSection<Saved>({
  id,
  title,
  intro,
  saved,
  loading,
  what,
  children,
}: SettingsSectionProps<Saved>) {
  return (
    <section className="card" aria-labelledby={`${id}-title`} data-testid={`${id}-section`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="muted">{intro}</p>
      {saved.isPending ? (
        <p role="status">{loading}</p>
      ) : saved.isError ? (
        <LoadError what={what} error={saved.error} retry={() => saved.refetch()} />
      ) : (
        children(saved.data)
      )}
    </section>
  )
}

/** What a successful save changed, announced once it is done. */
export function SavedNotice({ done, children }: { done: boolean; children: ReactNode }) {
  if (!done) return null
  return (
    <p role="status" className="dash-live">
      {children}
    </p>
  )
}
