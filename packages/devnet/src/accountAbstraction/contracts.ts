// ERC-4337 on the devnet: EntryPoint v0.7 and its reference SimpleAccountFactory, built by the
// eth-infinitism npm package, created through the deterministic deployer (the CREATE2 proxy anvil
// ships) with the salts mainnet used. Same bytecode, same salts: the same addresses as on public
// chains, so viem's `entryPoint07Address` and every bundler's defaults apply unchanged.
import {
  type Address,
  concat,
  encodeAbiParameters,
  encodePacked,
  getContractAddress,
  type Hex,
  keccak256,
} from 'viem'
import { privateKeyToAddress } from 'viem/accounts'

/** Arachnid's deterministic deployment proxy; anvil has it at genesis. */
export const DETERMINISTIC_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c'

/** The salt EntryPoint v0.7 was deployed with on public chains */
const ENTRY_POINT_SALT: Hex = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3'
const FACTORY_SALT: Hex = `0x${'00'.repeat(32)}`

/** The contracts' creation code, read from the npm artifacts only when a chain is deployed. */
export async function accountAbstractionInitCode() {
  const load = async (module: Promise<{ default: { bytecode: string } }>) =>
    (await module).default.bytecode as Hex
  const [entryPoint, factory] = await Promise.all([
    load(
      import('@account-abstraction/contracts/artifacts/EntryPoint.json', {
        with: { type: 'json' },
      }),
    ),
    load(
      import('@account-abstraction/contracts/artifacts/SimpleAccountFactory.json', {
        with: { type: 'json' },
      }),
    ),
  ])
  return {
    entryPoint: { salt: ENTRY_POINT_SALT, initCode: entryPoint },
    factory: {
      salt: FACTORY_SALT,
      initCode: concat([
        factory,
        encodeAbiParameters([{ type: 'address' }], [ACCOUNT_ABSTRACTION.entryPoint]),
      ]),
    },
  }
}

/** Where CREATE2 through the deterministic deployer puts this creation code. */
export function deterministicAddress(salt: Hex, initCode: Hex): Address {
  return getContractAddress({
    opcode: 'CREATE2',
    from: DETERMINISTIC_DEPLOYER,
    salt,
    bytecode: initCode,
  })
}

/** Checked against the artifacts by accountAbstraction.test.ts. */
export const ACCOUNT_ABSTRACTION = {
  entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  simpleAccountFactory: '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985',
} as const satisfies Record<string, Address>

/**
 * Pays the two deployments' gas. Not a test account, so deploying moves no test account's nonce
 * or balance. Its key is public: a local chain only.
 */
export const ACCOUNT_ABSTRACTION_DEPLOYER_KEY = keccak256(
  encodePacked(['string'], ['latchkey devnet account abstraction deployer']),
)
export const ACCOUNT_ABSTRACTION_DEPLOYER = privateKeyToAddress(ACCOUNT_ABSTRACTION_DEPLOYER_KEY)

/** The local bundler's executor (sends handleOps) and utility account; public, local only. */
export const BUNDLER_EXECUTOR_KEY = keccak256(
  encodePacked(['string'], ['latchkey devnet bundler executor']),
)
export const BUNDLER_UTILITY_KEY = keccak256(
  encodePacked(['string'], ['latchkey devnet bundler utility']),
)
