import { readFileSync, realpathSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import solc from 'solc'
import type { Abi, Hex } from 'viem'

export interface ContractArtifact {
  abi: Abi
  /** Creation code */
  bytecode: Hex
  /** Runtime code; kept for contracts that are placed with anvil_setCode instead of deployed */
  deployedBytecode?: Hex
  solcVersion: string
}

/** The contracts in packages/devnet/contracts, each compiled to `<name>.json` beside its source. */
export const CONTRACTS = {
  TestToken: { runtime: false },
  IdRegistry: { runtime: true },
} as const satisfies Record<string, { runtime: boolean }>

export type ContractName = keyof typeof CONTRACTS

interface SolcError {
  severity: 'error' | 'warning' | 'info'
  formattedMessage: string
}

interface SolcContract {
  abi: Abi
  evm: { bytecode: { object: string }; deployedBytecode?: { object: string } }
}

interface SolcOutput {
  errors?: SolcError[]
  contracts?: Record<string, Record<string, SolcContract>>
}

export function contractSourcePath(name: ContractName): string {
  return fileURLToPath(new URL(`../contracts/${name}.sol`, import.meta.url))
}

export function contractArtifactPath(name: ContractName): string {
  return fileURLToPath(new URL(`../contracts/${name}.json`, import.meta.url))
}

// Every setting that influences the bytecode is pinned, so the checked-in artifacts are reproducible.
function compilerSettings(name: ContractName) {
  const outputs = ['abi', 'evm.bytecode.object']
  if (CONTRACTS[name].runtime) outputs.push('evm.deployedBytecode.object')
  return {
    optimizer: { enabled: true, runs: 200 },
    evmVersion: 'cancun',
    outputSelection: { [`${name}.sol`]: { [name]: outputs } },
  }
}

export function compileContract(name: ContractName): ContractArtifact {
  const sourceName = `${name}.sol`
  const input = {
    language: 'Solidity',
    sources: { [sourceName]: { content: readFileSync(contractSourcePath(name), 'utf8') } },
    settings: compilerSettings(name),
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput

  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (errors.length > 0) {
    const messages = errors.map((error) => error.formattedMessage).join('\n')
    throw new Error(`Compiling ${sourceName} failed:\n${messages}`)
  }

  const contract = output.contracts?.[sourceName]?.[name]
  if (!contract) throw new Error(`solc produced no output for ${name}`)

  const runtime = contract.evm.deployedBytecode?.object
  return {
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
    ...(runtime !== undefined && { deployedBytecode: `0x${runtime}` as Hex }),
    solcVersion: solc.version(),
  }
}

export function writeContractArtifact(
  name: ContractName,
  artifact: ContractArtifact = compileContract(name),
): void {
  writeFileSync(contractArtifactPath(name), `${JSON.stringify(artifact, null, 2)}\n`)
}

function isRunDirectly(): boolean {
  const entry = process.argv[1]
  return entry !== undefined && realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url))
}

if (isRunDirectly()) {
  for (const name of Object.keys(CONTRACTS) as ContractName[]) {
    writeContractArtifact(name)
    console.log(`Wrote ${contractArtifactPath(name)}`)
  }
}
