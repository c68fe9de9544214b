import { OptionsController } from '@reown/appkit-controllers'
import { metadataMismatches, readPageMetadata, type MetadataField } from './siteMetadata.js'
import { useToolkitTick } from './useToolkitTick.js'

const labels: Record<MetadataField, string> = { name: 'Name', description: 'Description', url: 'URL', icons: 'Icons' }

/** The site metadata wallets are shown, next to what the page itself says. */
export function MetadataSection() {
  useToolkitTick()
  const toolkit = OptionsController.state.metadata
  const page = readPageMetadata()
  const mismatches = metadataMismatches(toolkit, page)
  return (
    <section aria-labelledby="toolkit-metadata-title">
      <h2 id="toolkit-metadata-title">Site metadata</h2>
      <p className="lead">What a wallet is told about this site. Paylink passes none, so the toolkit reads the page.</p>
      <table className="balances" data-testid="toolkit-metadata">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">The toolkit uses</th>
            <th scope="col">The page has</th>
          </tr>
        </thead>
        <tbody>
          {(Object.keys(labels) as MetadataField[]).map((field) => (
            <tr key={field}>
              <th scope="row">{labels[field]}</th>
              <td data-testid={`toolkit-metadata-${field}`}>{[toolkit?.[field] ?? ''].flat().join(' ')}</td>
              <td data-testid={`page-metadata-${field}`}>{[page[field]].flat().join(' ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p data-testid="toolkit-metadata-check" role="status">
        {mismatches.length === 0
          ? 'The toolkit uses the page’s own metadata.'
          : `Differs from the page: ${mismatches.map((f) => labels[f]).join(', ')}`}
      </p>
    </section>
  )
}
