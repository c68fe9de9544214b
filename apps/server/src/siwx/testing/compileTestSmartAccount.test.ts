import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { compileTestSmartAccount, serializeArtifact, testSmartAccountArtifactPath } from './compileTestSmartAccount.js'

describe('src/siwx/testing/TestSmartAccount.json', () => {
  it('matches a fresh compile of contracts/TestSmartAccount.sol (run scripts/compile-contracts.ts if not)', () => {
    expect(readFileSync(testSmartAccountArtifactPath, 'utf8')).toBe(serializeArtifact(compileTestSmartAccount()))
  }, 60_000)
})
