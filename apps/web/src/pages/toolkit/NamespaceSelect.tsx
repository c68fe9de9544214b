import type { ChainNamespace } from '@reown/appkit-common'
import { namespaceWithoutAdapter } from './toolkitNamespaces.js'

/** Picks a chain namespace, marking the one Paylink keeps without an adapter (to show its errors). */
export function NamespaceSelect({
  label,
  namespaces,
  value,
  onChange,
}: {
  label: string
  namespaces: ChainNamespace[]
  value: ChainNamespace
  onChange: (namespace: ChainNamespace) => void
}) {
  return (
    <label>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value as ChainNamespace)} aria-label={label}>
        {namespaces.map((ns) => (
          <option key={ns} value={ns}>
            {ns}
            {ns === namespaceWithoutAdapter ? ' (no adapter)' : ''}
          </option>
        ))}
      </select>
    </label>
  )
}
