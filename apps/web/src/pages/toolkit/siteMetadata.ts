export interface SiteMetadata {
  name: string
  description: string
  url: string
  icons: string[]
}

/**
 * What AppKit 1.7.8 takes as site metadata when `metadata` is not passed: the <title>, the
 * og:description meta tag (not name="description"), the page origin and the first icon link.
 */
export function readPageMetadata(doc: Document = document, origin = location.origin): SiteMetadata {
  return {
    name: doc.getElementsByTagName('title')[0]?.textContent ?? '',
    description: doc.querySelector<HTMLMetaElement>('meta[property="og:description"]')?.content ?? '',
    url: origin,
    icons: [doc.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href ?? ''],
  }
}

export type MetadataField = keyof SiteMetadata

/** Fields on which the toolkit's metadata differs from the page's. */
export function metadataMismatches(toolkit: Partial<SiteMetadata> | undefined, page: SiteMetadata): MetadataField[] {
  const fields: MetadataField[] = ['name', 'description', 'url', 'icons']
  return fields.filter((f) => JSON.stringify(toolkit?.[f] ?? null) !== JSON.stringify(page[f]))
}
