/**
 * Compiles contracts/TestUSD.sol with solc-js and writes src/artifacts/TestUSD.json.
 * The artifact is committed so the devnet never compiles at start-up; a test recompiles and
 * compares, so it cannot drift from the source.
 *
 *   npx tsx packages/devnet/scripts/compile.ts
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import solc from 'solc'

const require = createRequire(import.meta.url)
const SOURCE_NAME = 'contracts/TestUSD.sol'
const CONTRACT_NAME = 'TestUSD'

export const testUsdSourcePath = fileURLToPath(new URL(`../${SOURCE_NAME}`, import.meta.url))
export const testUsdArtifactPath = fileURLToPath(new URL('../src/artifacts/TestUSD.json', import.meta.url))

export type CompiledContract = {
  contractName: string
  sourceName: string
  compiler: { version: string; settings: Record<string, unknown> }
  abi: unknown[]
  bytecode: `0x${string}`
}

const settings = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { [SOURCE_NAME]: { [CONTRACT_NAME]: ['abi', 'evm.bytecode.object'] } },
}

type SolcOutput = {
  errors?: Array<{ severity: 'error' | 'warning' | 'info'; formattedMessage: string }>
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>
}

export function compileTestUSD(): CompiledContract {
  const input = {
    language: 'Solidity',
    sources: { [SOURCE_NAME]: { content: readFileSync(testUsdSourcePath, 'utf8') } },
    settings,
  }
  // Imports are resolved from node_modules (@openzeppelin/contracts 4.9.6).
  const findImports = (path: string) => {
    try {
      return { contents: readFileSync(require.resolve(path), 'utf8') }
    } catch (error) {
      return { error: `cannot resolve ${path}: ${(error as Error).message}` }
    }
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`)
  const contract = output.contracts?.[SOURCE_NAME]?.[CONTRACT_NAME]
  if (!contract) throw new Error(`solc produced no ${CONTRACT_NAME}`)
  return {
    contractName: CONTRACT_NAME,
    sourceName: SOURCE_NAME,
    compiler: { version: solc.version(), settings: { optimizer: settings.optimizer, evmVersion: settings.evmVersion } },
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
  }
}

export function serializeArtifact(artifact: CompiledContract): string {
  return `${JSON.stringify(artifact, null, 2)}\n`
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const artifact = compileTestUSD()
  writeFileSync(testUsdArtifactPath, serializeArtifact(artifact))
  console.log(`wrote ${testUsdArtifactPath} (solc ${artifact.compiler.version}, ${(artifact.bytecode.length - 2) / 2} bytes)`)
}
