// How eth-infinitism's SimpleAccount is called: one call (`execute`) or a batch (`executeBatch`).
import { parseAbi } from 'viem'

export const simpleAccountAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
])
