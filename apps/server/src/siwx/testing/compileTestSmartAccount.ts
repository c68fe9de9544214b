/**
 * Compiles contracts/TestSmartAccount.sol (an ERC-1271 account and its CREATE2 factory) with
 * solc-js into src/siwx/testing/TestSmartAccount.json. The artifact is committed so tests do
 * not compile; compileTestSmartAccount.test.ts recompiles and compares, so it cannot drift.
 *
 *   npx tsx apps/server/scripts/compile-contracts.ts
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import solc from 'solc'

const SOURCE_NAME = 'contracts/TestSmartAccount.sol'
const CONTRACTS = ['TestSmartAccount', 'TestSmartAccountFactory'] as const

export const testSmartAccountSourcePath = fileURLToPath(new URL(`../../../${SOURCE_NAME}`, import.meta.url))
export const testSmartAccountArtifactPath = fileURLToPath(new URL('./TestSmartAccount.json', import.meta.url))

export interface CompiledContracts {
  sourceName: string
  compiler: { version: string; settings: Record<string, unknown> }
  contracts: Record<(typeof CONTRACTS)[number], { abi: unknown[]; bytecode: `0x${string}` }>
}

const settings = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { [SOURCE_NAME]: Object.fromEntries(CONTRACTS.map((c) => [c, ['abi', 'evm.bytecode.object']])) },
}

type SolcOutput = {
  errors?: Array<{ severity: 'error' | 'warning' | 'info'; formattedMessage: string }>
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>
}

export function compileTestSmartAccount(): CompiledContracts {
  const input = {
    language: 'Solidity',
    sources: { [SOURCE_NAME]: { content: readFileSync(testSmartAccountSourcePath, 'utf8') } },
    settings,
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`)
  const contracts = {} as CompiledContracts['contracts']
  for (const name of CONTRACTS) {
    const contract = output.contracts?.[SOURCE_NAME]?.[name]
    if (!contract) throw new Error(`solc produced no ${name}`)
    contracts[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
  }
  return {
    sourceName: SOURCE_NAME,
    compiler: { version: solc.version(), settings: { optimizer: settings.optimizer, evmVersion: settings.evmVersion } },
    contracts,
  }
}

export function serializeArtifact(artifact: CompiledContracts): string {
  return `${JSON.stringify(artifact, null, 2)}\n`
}
