import type { Link } from '@paylink/shared'
import { useId } from 'react'
import { namespaceNames, type PayNamespace } from './payNamespaces.js'
import { useT } from '../../i18n/useT.js'

/** For a link priced on several chain families: which wallet the payer pays with. */
export function NamespaceChooser({
  link,
  namespaces,
  value,
  onChange,
}: {
  link: Link
  namespaces: PayNamespace[]
  value: PayNamespace
  onChange(namespace: PayNamespace): void
}) {
  const name = useId()
  const { t } = useT()
  return (
    <fieldset className="pay-namespaces" data-testid="pay-namespaces">
      <legend>{t('namespaces.legend')}</legend>
      <ul className="option-list">
        {namespaces.map((namespace) => {
          const symbols = [
            ...new Set(link.options.filter((o) => o.caipNetworkId.startsWith(`${namespace}:`)).map((o) => o.symbol)),
          ]
          return (
            <li key={namespace} className={namespace === value ? 'selected' : ''}>
              <label className="option-choice">
                <input type="radio" name={name} checked={namespace === value} onChange={() => onChange(namespace)} />
                <span>
                  <strong>{namespaceNames[namespace]}</strong> <span className="muted">{symbols.join(', ')}</span>
                </span>
              </label>
            </li>
          )
        })}
      </ul>
    </fieldset>
  )
}
