import { readFileSync } from 'node:fs'
import type { Abi } from 'viem'
import { formatAbiItem, formatAbiParams } from 'viem/utils'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  type ContractArtifact,
  type ContractName,
  compileContract,
  contractArtifactPath,
} from './compile.ts'
import { farcasterIdRegistryAbi } from './farcaster/idRegistry.ts'
import { testTokenAbi } from './tokens.ts'

const regenerate = (name: ContractName) =>
  `Run \`npx tsx packages/devnet/src/compile.ts\` and commit ${name}.json.`

/** The typed ABI each contract is used through */
const TYPED_ABIS: Record<ContractName, Abi> = {
  TestToken: testTokenAbi,
  IdRegistry: farcasterIdRegistryAbi,
}

// Parameter names are left out: solc names them after the Solidity source, viem's erc20Abi differently.
function signatures(abi: Abi): string[] {
  return abi.flatMap((item) => {
    switch (item.type) {
      case 'function':
        return [
          `function ${formatAbiItem(item)} ${item.stateMutability} returns (${formatAbiParams(item.outputs)})`,
        ]
      case 'event': {
        const inputs = item.inputs.map((input) => `${input.type}${input.indexed ? ' indexed' : ''}`)
        return [`event ${item.name}(${inputs.join(',')})`]
      }
      case 'error':
        return [`error ${formatAbiItem(item)}`]
      default:
        return []
    }
  })
}

describe.each(Object.keys(TYPED_ABIS) as ContractName[])('%s artifact', (name) => {
  let checkedIn: ContractArtifact
  let compiled: ContractArtifact

  beforeAll(() => {
    checkedIn = JSON.parse(readFileSync(contractArtifactPath(name), 'utf8')) as ContractArtifact
    compiled = compileContract(name)
  })

  it(`matches a fresh compilation of ${name}.sol`, () => {
    expect(compiled.solcVersion, regenerate(name)).toBe(checkedIn.solcVersion)
    expect(compiled.bytecode, regenerate(name)).toBe(checkedIn.bytecode)
    expect(compiled.deployedBytecode, regenerate(name)).toBe(checkedIn.deployedBytecode)
    expect(compiled.abi, regenerate(name)).toEqual(checkedIn.abi)
  })

  it('declares every function, event and error of its typed ABI', () => {
    expect(signatures(compiled.abi).sort()).toEqual(signatures(TYPED_ABIS[name]).sort())
  })
})
