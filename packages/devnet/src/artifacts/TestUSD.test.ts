import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

import { compileTestUSD, serializeArtifact, testUsdArtifactPath } from '../../scripts/compile.js'

describe('src/artifacts/TestUSD.json', () => {
  it('matches a fresh compile of contracts/TestUSD.sol (run scripts/compile.ts if not)', () => {
    expect(readFileSync(testUsdArtifactPath, 'utf8')).toBe(serializeArtifact(compileTestUSD()))
  }, 30_000)
})
