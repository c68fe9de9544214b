/** One page of a cursor-paged list (`GET /api/payments`, `GET /api/events`). */
export interface Page<T> {
  items: T[]
  nextCursor: string | null
  hasMore: boolean
}

/**
 * Every item from `after` on, page by page: the next page is asked for only when the caller has
 * read the previous one, and the walk ends when the API says `hasMore: false`.
 */
export async function* paginate<T>(
  readPage: (after: string | undefined) => Promise<Page<T>>,
  after?: string,
): AsyncGenerator<T, void, undefined> {
  let cursor = after
  for (;;) {
    const page = await readPage(cursor)
    yield* page.items
    if (!page.hasMore || page.nextCursor === null) return
    cursor = page.nextCursor
  }
}
