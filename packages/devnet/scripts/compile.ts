/**
 * Compiles contracts/TestUSD.sol and the EVM family's PaylinkDeposit.sol (in packages/chains, beside
 * the code that reads its addresses) with solc-js and writes src/artifacts/TestUSD.json and, beside
 * PaylinkDeposit.sol, PaylinkForwarder.json and PaylinkDepositFactory.json, and PaylinkCollector.sol's
 * PaylinkCollector.json beside it.
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
  return compileContract(SOURCE_NAME, CONTRACT_NAME, settings)
}

const DEPOSIT_SOURCE_NAME = 'contracts/PaylinkDeposit.sol'
// Where the EVM family keeps the deposit contracts (the source name above stays what the artifacts record).
const depositDirectory = new URL('../../chains/src/eip155/core/', import.meta.url)
export const depositContractNames = ['PaylinkForwarder', 'PaylinkDepositFactory'] as const
export type DepositContractName = (typeof depositContractNames)[number]
export const depositArtifactPath = (name: DepositContractName) =>
  fileURLToPath(new URL(`contracts/${name}.json`, depositDirectory))

// No metadata hash in the bytecode: the factory's address (CREATE2 through the deterministic
// deployment proxy) and every deposit address then depend on the code alone, not on comments.
const depositSettings = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'paris',
  metadata: { bytecodeHash: 'none', appendCBOR: false },
  outputSelection: { [DEPOSIT_SOURCE_NAME]: { '*': ['abi', 'evm.bytecode.object'] } },
}

/** The forwarder and the factory (evmVersion paris: no PUSH0, so any EVM chain runs them). */
export function compileDepositContract(name: DepositContractName): CompiledContract {
  return compileContract(DEPOSIT_SOURCE_NAME, name, depositSettings, depositDirectory)
}

const COLLECTOR_SOURCE_NAME = 'contracts/PaylinkCollector.sol'
export const collectorArtifactPath = fileURLToPath(new URL('contracts/PaylinkCollector.json', depositDirectory))

/** The subscriptions' collector, compiled like the deposit contracts (so its CREATE2 address is fixed too). */
export function compileCollectorContract(): CompiledContract {
  return compileContract(
    COLLECTOR_SOURCE_NAME,
    'PaylinkCollector',
    { ...depositSettings, outputSelection: { [COLLECTOR_SOURCE_NAME]: { '*': ['abi', 'evm.bytecode.object'] } } },
    depositDirectory,
  )
}

function compileContract(
  sourceName: string,
  contractName: string,
  settings: { optimizer: unknown; evmVersion: string; metadata?: unknown; outputSelection?: unknown },
  directory = new URL('../', import.meta.url),
): CompiledContract {
  const input = {
    language: 'Solidity',
    sources: {
      [sourceName]: { content: readFileSync(fileURLToPath(new URL(sourceName, directory)), 'utf8') },
    },
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
  const contract = output.contracts?.[sourceName]?.[contractName]
  if (!contract) throw new Error(`solc produced no ${contractName}`)
  return {
    contractName,
    sourceName,
    compiler: {
      version: solc.version(),
      settings: {
        optimizer: settings.optimizer,
        evmVersion: settings.evmVersion,
        ...(settings.metadata ? { metadata: settings.metadata } : {}),
      },
    },
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
  console.log(
    `wrote ${testUsdArtifactPath} (solc ${artifact.compiler.version}, ${(artifact.bytecode.length - 2) / 2} bytes)`,
  )
  for (const name of depositContractNames) {
    const deposit = compileDepositContract(name)
    writeFileSync(depositArtifactPath(name), serializeArtifact(deposit))
    console.log(`wrote ${depositArtifactPath(name)} (${(deposit.bytecode.length - 2) / 2} bytes)`)
  }
  const collector = compileCollectorContract()
  writeFileSync(collectorArtifactPath, serializeArtifact(collector))
  console.log(`wrote ${collectorArtifactPath} (${(collector.bytecode.length - 2) / 2} bytes)`)
}
