import { readFileSync, realpathSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import solc from 'solc'
import type { Abi, Hex } from 'viem'

export interface TestTokenArtifact {
  abi: Abi
  bytecode: Hex
  solcVersion: string
}

interface SolcError {
  severity: 'error' | 'warning' | 'info'
  formattedMessage: string
}

interface SolcOutput {
  errors?: SolcError[]
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
}

const SOURCE_NAME = 'TestToken.sol'
const CONTRACT_NAME = 'TestToken'

export const TEST_TOKEN_SOURCE_PATH = fileURLToPath(
  new URL('../contracts/TestToken.sol', import.meta.url),
)
export const TEST_TOKEN_ARTIFACT_PATH = fileURLToPath(
  new URL('../contracts/TestToken.json', import.meta.url),
)

// Every setting that influences the bytecode is pinned, so the checked-in artifact is reproducible.
const COMPILER_SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { [SOURCE_NAME]: { [CONTRACT_NAME]: ['abi', 'evm.bytecode.object'] } },
}

export function compileTestToken(): TestTokenArtifact {
  const input = {
    language: 'Solidity',
    sources: { [SOURCE_NAME]: { content: readFileSync(TEST_TOKEN_SOURCE_PATH, 'utf8') } },
    settings: COMPILER_SETTINGS,
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput

  const errors = (output.errors ?? []).filter((error) => error.severity === 'error')
  if (errors.length > 0) {
    const messages = errors.map((error) => error.formattedMessage).join('\n')
    throw new Error(`Compiling ${SOURCE_NAME} failed:\n${messages}`)
  }

  const contract = output.contracts?.[SOURCE_NAME]?.[CONTRACT_NAME]
  if (!contract) throw new Error(`solc produced no output for ${CONTRACT_NAME}`)

  return {
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
    solcVersion: solc.version(),
  }
}

export function writeTestTokenArtifact(artifact: TestTokenArtifact = compileTestToken()): void {
  writeFileSync(TEST_TOKEN_ARTIFACT_PATH, `${JSON.stringify(artifact, null, 2)}\n`)
}

function isRunDirectly(): boolean {
  const entry = process.argv[1]
  return entry !== undefined && realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url))
}

if (isRunDirectly()) {
  writeTestTokenArtifact()
  console.log(`Wrote ${TEST_TOKEN_ARTIFACT_PATH}`)
}
