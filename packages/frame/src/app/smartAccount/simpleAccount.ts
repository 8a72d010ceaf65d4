// The embedded wallet's smart account: eth-infinitism's reference SimpleAccount (EntryPoint v0.7),
// created by its factory at the address the factory computes from the owner and a salt, so the
// address is known before the account exists. viem's account-abstraction module does everything
// ERC-4337 (user-operation packing, hashing, gas, the bundler's RPC); this file only says how a
// SimpleAccount encodes calls and signs.
import {
  type Address,
  BaseError,
  createPublicClient,
  decodeFunctionData,
  encodeFunctionData,
  http,
  type LocalAccount,
  parseAbi,
} from 'viem'
import {
  createBundlerClient,
  entryPoint07Abi,
  entryPoint07Address,
  getUserOperationHash,
  type SmartAccount,
  type SmartAccountImplementation,
  toSmartAccount,
} from 'viem/account-abstraction'
import { readContract } from 'viem/actions'
import { SIMPLE_ACCOUNT_CANNOT_SIGN } from './constants.ts'
import { simpleAccountAbi } from './simpleAccountAbi.ts'

/** The reference factory's address on every chain (the same CREATE2 deployment as mainnet's). */
export const SIMPLE_ACCOUNT_FACTORY: Address = '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985'

const factoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])

/** A signature of the right shape for gas estimation: the account only recovers it. */
const STUB_SIGNATURE =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

type AccountClient = SmartAccountImplementation['client']

export interface SimpleAccountOptions {
  client: AccountClient
  owner: LocalAccount
  /** One owner may have several accounts; the embedded wallet uses salt 0 */
  salt?: bigint
}

export type SimpleSmartAccount = SmartAccount

export async function toSimpleAccount({
  client,
  owner,
  salt = 0n,
}: SimpleAccountOptions): Promise<SimpleSmartAccount> {
  const entryPoint = { abi: entryPoint07Abi, address: entryPoint07Address, version: '0.7' } as const
  const factoryData = encodeFunctionData({
    abi: factoryAbi,
    functionName: 'createAccount',
    args: [owner.address, salt],
  })
  let address: Address | undefined
  return toSmartAccount({
    client,
    entryPoint,
    async getAddress() {
      address ??= await readFactoryAddress(client, owner.address, salt)
      return address
    },
    async getFactoryArgs() {
      return { factory: SIMPLE_ACCOUNT_FACTORY, factoryData }
    },
    async encodeCalls(calls) {
      const [call] = calls
      if (calls.length === 1 && call) {
        return encodeFunctionData({
          abi: simpleAccountAbi,
          functionName: 'execute',
          args: [call.to, call.value ?? 0n, call.data ?? '0x'],
        })
      }
      return encodeFunctionData({
        abi: simpleAccountAbi,
        functionName: 'executeBatch',
        args: [
          calls.map((c) => c.to),
          calls.map((c) => c.value ?? 0n),
          calls.map((c) => c.data ?? '0x'),
        ],
      })
    },
    async decodeCalls(data) {
      const decoded = decodeFunctionData({ abi: simpleAccountAbi, data })
      if (decoded.functionName === 'execute') {
        const [to, value, callData] = decoded.args
        return [{ to, value, data: callData }]
      }
      const [targets, values, datas] = decoded.args
      return targets.map((to, i) => ({ to, value: values[i] ?? 0n, data: datas[i] ?? '0x' }))
    },
    async getStubSignature() {
      return STUB_SIGNATURE
    },
    async signUserOperation({ chainId, ...userOperation }) {
      const chain = chainId ?? client.chain?.id
      if (chain === undefined) throw new BaseError('A chain id is needed to sign a user operation')
      const hash = getUserOperationHash({
        chainId: chain,
        entryPointAddress: entryPoint.address,
        entryPointVersion: entryPoint.version,
        userOperation: { ...userOperation, sender: await this.getAddress() },
      })
      // SimpleAccount recovers the owner from the EIP-191 hash of the user operation's hash.
      return owner.signMessage({ message: { raw: hash } })
    },
    // SimpleAccount has no ERC-1271 isValidSignature: nothing could check a message it signed.
    async signMessage() {
      throw new BaseError(SIMPLE_ACCOUNT_CANNOT_SIGN)
    },
    async signTypedData() {
      throw new BaseError(SIMPLE_ACCOUNT_CANNOT_SIGN)
    },
  })
}

async function readFactoryAddress(
  client: AccountClient,
  owner: Address,
  salt: bigint,
): Promise<Address> {
  return readContract(client, {
    address: SIMPLE_ACCOUNT_FACTORY,
    abi: factoryAbi,
    functionName: 'getAddress',
    args: [owner, salt],
  })
}

/** The owner's SimpleAccount read through a chain's RPC URL (the frame's lazily loaded part) */
export function simpleAccountOn(
  owner: LocalAccount,
  chainId: number,
  rpcUrl: string,
  timeout: number,
) {
  const client = createPublicClient({
    chain: {
      id: chainId,
      name: `Chain ${chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpcUrl] } },
    },
    transport: http(rpcUrl, { timeout, retryCount: 1 }),
  })
  return toSimpleAccount({ client, owner })
}

/** A bundler client for the account's chain, through the services' gateway */
export function bundlerFor(account: SimpleSmartAccount, gatewayUrl: string, timeout: number) {
  return createBundlerClient({
    client: account.client,
    transport: http(gatewayUrl, { timeout, retryCount: 0 }),
  })
}
