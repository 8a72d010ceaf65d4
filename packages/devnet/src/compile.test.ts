import { readFileSync } from 'node:fs'
import type { Abi } from 'viem'
import { formatAbiItem, formatAbiParams } from 'viem/utils'
import { beforeAll, describe, expect, it } from 'vitest'
import { compileTestToken, TEST_TOKEN_ARTIFACT_PATH, type TestTokenArtifact } from './compile.ts'
import { testTokenAbi } from './tokens.ts'

const REGENERATE = 'Run `npx tsx packages/devnet/src/compile.ts` and commit TestToken.json.'

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

describe('TestToken artifact', () => {
  let checkedIn: TestTokenArtifact
  let compiled: TestTokenArtifact

  beforeAll(() => {
    checkedIn = JSON.parse(readFileSync(TEST_TOKEN_ARTIFACT_PATH, 'utf8')) as TestTokenArtifact
    compiled = compileTestToken()
  })

  it('matches a fresh compilation of TestToken.sol', () => {
    expect(compiled.solcVersion, REGENERATE).toBe(checkedIn.solcVersion)
    expect(compiled.bytecode, REGENERATE).toBe(checkedIn.bytecode)
    expect(compiled.abi, REGENERATE).toEqual(checkedIn.abi)
  })

  it('declares every function, event and error of the typed testTokenAbi', () => {
    expect(signatures(compiled.abi).sort()).toEqual(signatures(testTokenAbi).sort())
  })
})
