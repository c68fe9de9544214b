/**
 * A test file's afterAll: closes what its beforeAll opened, in the order given (the app before the
 * chains and servers it reads from), skipping what never opened because beforeAll failed early.
 */
export async function closeInOrder(...opened: Array<{ close(): unknown } | undefined>): Promise<void> {
  for (const thing of opened) await thing?.close()
}
