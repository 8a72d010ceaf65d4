// The local Bitcoin chain's test accounts: ten P2WPKH regtest keys, funded by the local stack
// like anvil's and the Solana devnet's accounts, for a wallet that imports a key (WIF).
import type { BitcoinChain } from './chain.ts'
import { SATS_PER_BTC } from './constants.ts'

export interface BitcoinTestAccount {
  /** P2WPKH, bcrt1q… */
  address: string
  /** The 32-byte secp256k1 key, hex */
  privateKey: string
  /** The same key in Wallet Import Format (regtest, compressed) */
  wif: string
}

/** Ours: the label whose sha256 is account `index`'s private key */
export const bitcoinAccountLabel = (index: number) => `latchkey devnet bitcoin account ${index}`

/** Ours: what `fundBitcoinTestAccounts` pays each account */
export const BITCOIN_TEST_ACCOUNT_SATS = 10n * SATS_PER_BTC

// [address, private key, WIF] of sha256(bitcoinAccountLabel(i)), i = 0…9. Hard-coded so the
// addresses are visible here; accounts.test.ts derives them again from the labels.
const KEYS: readonly (readonly [string, string, string])[] = [
  [
    'bcrt1q5e4pt2y326ppsla0r3x7wz2wcjanerqfg0zdf8',
    'e6808da2a1ed5cef21d3ade87c2bef6c5c24aada407d20a99e7fae504ee73abb',
    'cVJmUsFCWR4j1aXkWNGgZugc2z5mhQe9XAeGEuLPgbzDugSmihsm',
  ],
  [
    'bcrt1q28rx4lvjzsdrrcm5qgclx0fhadx8garpmn5vca',
    '00cd661f41bb8c90bb0261e0378315ff74c45fafcc3560f545390382cc490cee',
    'cMcG7DDbUexiBMntkT9aT1bW4m6ydkR4KGPV6AfyuKK3v5QRKNDi',
  ],
  [
    'bcrt1qmma4tukn6awnqc9gye0g75pt2gtda5yhtpwa3x',
    '2265dedc9010b534477e8f23a08ab5c486569b95a0198a4958e660e28c559571',
    'cNjZpiWG1jHnn7S337kLokzRK1GyoVw8vDzKznMjWMtyB5RHxwKF',
  ],
  [
    'bcrt1qw0fkxxh78rcncvwrxh0yxscrlvymjjymgh2yjx',
    '8dd09402de50f2fbf32b11342c92c6c6cf5cdea761b178318cda92c95289c9c4',
    'cSLNUJ5bWhqsN2zcePeKJtuU6LFt1gS9np5RErMxnprF44oV15S4',
  ],
  [
    'bcrt1q2mcljtac9twxjultavjj2064xtgcdpt3zqe7a9',
    '32e380bcca08098df43c2cf0eb83b806131e09cd34ea2710229ca62f894d3188',
    'cPHd4eYmawXshbep2UBP1tbW2oVYkf75UQYkbPG76wGTWct6eLGE',
  ],
  [
    'bcrt1qy5nm370qpr9urk5qa7584yegxkz55e9rfvsj97',
    'a2e383fd525cbf0097fbe6b5e276bd69aed84e30002a2a0db24c9cba2910446f',
    'cT3LSjLdW2wJpvYx4DZb71mJEjTnLM5n3YmB3EsT2pkNo6NbgvAp',
  ],
  [
    'bcrt1qn2qv3fd4ycgpl9cmyxmdq7cts4agvnedadwjnn',
    '13769874b99b3bcd89d9a788c1466480ec94c85a6cf1375b051a3d79a88a57c8',
    'cNEY2HcuizJysfzBR4vrcLsyfjEL61WHv3NQ2wSZZUB5HDs6wqRu',
  ],
  [
    'bcrt1qzqdje8df6edl9l2mr3zzj8vux40ahp6nxtdw02',
    'a01b934c49ed836d67c09c6217870c34c58a4415db45ec4df31484ac1a880924',
    'cSwvuB3AC6gwKwEKbPAWN9Wx4mhG9wPQ9gy49P997E7CvSBbssHh',
  ],
  [
    'bcrt1qunwyzy778h8mlqrph3zeej08vhvkrp8c49vwfc',
    'c3cc8d3f4b2f8eadd2e3169b925901a814b5d1c71a488ecd7c3869e715a98abb',
    'cU9JtyKyxHpmzVZeCqrQ7rToz1FJtU4m33AK6Ar7pB1XipSdKTXp',
  ],
  [
    'bcrt1q87srk7ft9a2erzpak3svxr7dhrequupeue8e3y',
    '7ae572c3368b5d835088d508d40452263909a43add1a1b95bb80596dd0ac90e6',
    'cRhbX3S18fAKnu6afubsxRoXyMBiAGCZDY32KKeTJSseERsYAL4U',
  ],
]

export const BITCOIN_TEST_ACCOUNTS: readonly BitcoinTestAccount[] = KEYS.map(
  ([address, privateKey, wif]) => ({ address, privateKey, wif }),
)

/** Pays each test account BITCOIN_TEST_ACCOUNT_SATS from the miner (one block per payment). */
export function fundBitcoinTestAccounts(chain: BitcoinChain): void {
  for (const { address } of BITCOIN_TEST_ACCOUNTS) chain.faucet(address, BITCOIN_TEST_ACCOUNT_SATS)
}
