import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, it } from 'vitest'

// Issue #33 asks the README to show the collector contract's whole source, what a payer consents
// to: the copy there must be the file that is compiled and deployed, to the character.
it('the README shows PaylinkCollector.sol exactly as the compiled file', () => {
  const root = resolve(import.meta.dirname, '..')
  const source = readFileSync(resolve(root, 'packages/chains/src/eip155/core/contracts/PaylinkCollector.sol'), 'utf8')
  const readme = readFileSync(resolve(root, 'README.md'), 'utf8')
  const shown = /```solidity\n([\s\S]*?)```/.exec(readme)?.[1]
  expect(shown, 'a ```solidity block in README.md').toBeDefined()
  expect(shown).toBe(source.endsWith('\n') ? source : `${source}\n`)
})
