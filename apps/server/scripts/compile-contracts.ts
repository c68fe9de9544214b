// Writes src/siwx/testing/TestSmartAccount.json from contracts/TestSmartAccount.sol (commit the result).
import { writeFileSync } from 'node:fs'
import {
  compileTestSmartAccount,
  serializeArtifact,
  testSmartAccountArtifactPath,
} from '../src/siwx/testing/compileTestSmartAccount.js'

const artifact = compileTestSmartAccount()
writeFileSync(testSmartAccountArtifactPath, serializeArtifact(artifact))
console.log(`wrote ${testSmartAccountArtifactPath} (solc ${artifact.compiler.version})`)
