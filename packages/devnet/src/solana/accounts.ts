// The devnet's Solana keypairs: ten funded test accounts, the lUSD mint and the airdrop faucet.
import { getAddressEncoder, address as toAddress } from '@solana/kit'
import { SOLANA_KEY_LABELS } from './constants.ts'
import { keypairFromSeed, type SolanaKeypair, seedOfLabel } from './keys.ts'

export type SolanaTestAccount = SolanaKeypair

// [address, seed (hex)] of sha256(SOLANA_KEY_LABELS.account(i)), i = 0…9. Hard-coded like the EVM
// accounts so the addresses are visible here; accounts.test.ts derives them again from the labels.
const TEST_ACCOUNT_KEYS: readonly (readonly [string, string])[] = [
  [
    'CSEmpGoVoFKC2c4guvZB15TCfj7WNZa6UDNdqm7F6wU4',
    'a11d58222e125376e5261544730d1d4b103643fd4181e6f1cecb7228d743fdf9',
  ],
  [
    'CYfYFvowub3xu49ZRcNQ9JZGJLRujxY7TyE2W9kEdUGQ',
    'df8daa66738d291e73a68b5ca40f006c3c9c8460eeb2c3fcf40899d5dc1b024a',
  ],
  [
    'GxbQ9HbcM6jNA3ivSJwjh7kLqZJHCMqUkkFhP5BQos77',
    '2722382dd29a05c709702ce24ed1899fb082bd859e749ecac39635c3dc9f563c',
  ],
  [
    '6nZoq9GEZXyiaAFhdY4CzMV9RdGrPnMQg1fKvzGYscgH',
    '341e7365685547d72194bac158724adf1462b790f95227052187eb9de90d4569',
  ],
  [
    'HJHpK3C9KSVPK8yV84vjx1tvvjv1USW8iFDEZ3W9MHJY',
    'be51370487ea2b529713bd84ad4487b37d740f6fc6e00f5bca2cc2076e6c755d',
  ],
  [
    'tBvgwC48W3BdQK1TcRDViGKap66Dq3NLXMHUnRES4TX',
    'ff6afb70a499efce76b244b1ba6ceaa86b14aa8a75574491ee0952ecc9b262d9',
  ],
  [
    'FN7zTcxuEAf7qGLgqKnN1bhrAmWhK9ybYmrWTqZjqitA',
    'b7687ba25f03ff31942fee06a66db89498d5222be691c208d7511463c3931c41',
  ],
  [
    '3mT8HNXZ8RTqFzesD8Q9VA8EK1ieR1gCJEMRAmcmqSD9',
    '595a31709cd24ab57681acfcf7d368bb62d7c7c67170feff8a82e25c2890a3c0',
  ],
  [
    '9yjsDvL7kawdQk5bJRDNBABdKzdo6tsEKAzbQugSmhUY',
    '8d20494ed6a1fc573641ba43db91bcb9f1529c5d27065bd902b0e96b19f087c5',
  ],
  [
    'GbV6oxBxPc5mQV6m3wWmtxiWL5QBCbiry82QPYzKmBYA',
    '39dcc0a6f0862b355a4e5fd8e35b9f83f201cb2d8feb515ecb53808d3fc493f1',
  ],
]

function keypair([address, seedHex]: readonly [string, string]): SolanaKeypair {
  const secretKey = new Uint8Array(64)
  secretKey.set(Buffer.from(seedHex, 'hex'), 0)
  secretKey.set(getAddressEncoder().encode(toAddress(address)), 32)
  return { address, secretKey }
}

/** Ten ed25519 accounts, each funded with 100 SOL and 1,000 lUSD at genesis. */
export const SOLANA_TEST_ACCOUNTS: readonly SolanaTestAccount[] = TEST_ACCOUNT_KEYS.map(keypair)

/** The lUSD mint's keypair (sha256(SOLANA_KEY_LABELS.mint)); its address is the mint. */
export const SOLANA_MINT_KEYPAIR: SolanaKeypair = keypair([
  '5FP8XhThPWWLbeQPCYGgXvSf4ft6xjMHMmmvt1WKVZbp',
  '599470136c5d872d4605bbc3ae7130a110646483c26fbba68cb7171ad7af2d3b',
])

/** The airdrop faucet (sha256(SOLANA_KEY_LABELS.faucet)): requestAirdrop transfers from it. */
export const SOLANA_FAUCET_KEYPAIR: SolanaKeypair = keypair([
  'DHxYxZaduCxaDinEkq7GRhLorYuW4yJ2jr6aVeTt9NFW',
  'a30991cfa41c39fb1a6e14c46e50387a9b04666e8b54ff5e749c6cd0e8fd5450',
])

/**
 * The onramp sandbox's Solana treasury (sha256(SOLANA_KEY_LABELS.onrampTreasury)): purchases of
 * SOL are paid from it. Not a test account, so purchases move no test account's balance.
 */
export const SOLANA_ONRAMP_TREASURY: SolanaKeypair = keypairFromSeed(
  seedOfLabel(SOLANA_KEY_LABELS.onrampTreasury),
)
/** Its 32-byte seed in hex: the server's ONRAMP_SOLANA_TREASURY_KEY. Public: a local chain only. */
export const SOLANA_ONRAMP_TREASURY_KEY = Buffer.from(
  SOLANA_ONRAMP_TREASURY.secretKey.subarray(0, 32),
).toString('hex')
