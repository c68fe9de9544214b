import type { Visibility } from './followChain.js'

/** The page's visibility (a background tab is hidden), as followChain reads it. */
export function documentVisibility(doc: Document = document): Visibility {
  return {
    hidden: () => doc.visibilityState === 'hidden',
    onChange(callback) {
      doc.addEventListener('visibilitychange', callback)
      return () => doc.removeEventListener('visibilitychange', callback)
    },
  }
}
