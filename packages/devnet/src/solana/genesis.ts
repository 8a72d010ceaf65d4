// The genesis state, written straight into the ledger like solana-test-validator's preloaded
// accounts: the faucet, the onramp treasury, ten funded test accounts, the lUSD mint and each
// account's lUSD.
import { lamports, address as toAddress } from '@solana/kit'
import {
  AccountState,
  findAssociatedTokenPda,
  getMintEncoder,
  getMintSize,
  getTokenEncoder,
  getTokenSize,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import {
  SOLANA_FAUCET_KEYPAIR,
  SOLANA_MINT_KEYPAIR,
  SOLANA_ONRAMP_TREASURY,
  SOLANA_TEST_ACCOUNTS,
} from './accounts.ts'
import {
  SOLANA_FAUCET_LAMPORTS,
  SOLANA_ONRAMP_TREASURY_LAMPORTS,
  SOLANA_TEST_ACCOUNT_LAMPORTS,
  SOLANA_TEST_ACCOUNT_TOKEN_AMOUNT,
  SOLANA_TOKEN_SPEC,
  SYSTEM_PROGRAM,
} from './constants.ts'
import type { SolanaLedger } from './ledger.ts'

/** The associated token account of `owner` for `mint` (SPL Token program). */
export async function associatedTokenAddress(owner: string, mint: string): Promise<string> {
  const [ata] = await findAssociatedTokenPda({
    owner: toAddress(owner),
    mint: toAddress(mint),
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  return ata
}

function setAccount(
  ledger: SolanaLedger,
  at: string,
  balance: bigint,
  owner: string,
  data: Uint8Array = new Uint8Array(),
): void {
  ledger.svm.setAccount({
    address: toAddress(at),
    lamports: lamports(balance),
    programAddress: toAddress(owner),
    executable: false,
    data,
    space: BigInt(data.length),
  })
}

export async function writeGenesis(ledger: SolanaLedger): Promise<void> {
  const mint = SOLANA_MINT_KEYPAIR.address
  const rent = (size: number) => ledger.svm.minimumBalanceForRentExemption(BigInt(size))
  setAccount(ledger, SOLANA_FAUCET_KEYPAIR.address, SOLANA_FAUCET_LAMPORTS, SYSTEM_PROGRAM)
  setAccount(
    ledger,
    SOLANA_ONRAMP_TREASURY.address,
    SOLANA_ONRAMP_TREASURY_LAMPORTS,
    SYSTEM_PROGRAM,
  )

  const mintData = getMintEncoder().encode({
    // Test account 0 may mint more, as EVM account 0 owns the devnet's ERC-20s.
    mintAuthority: toAddress(SOLANA_TEST_ACCOUNTS[0]?.address ?? mint),
    supply: SOLANA_TEST_ACCOUNT_TOKEN_AMOUNT * BigInt(SOLANA_TEST_ACCOUNTS.length),
    decimals: SOLANA_TOKEN_SPEC.decimals,
    isInitialized: true,
    freezeAuthority: null,
  })
  setAccount(ledger, mint, rent(getMintSize()), TOKEN_PROGRAM_ADDRESS, new Uint8Array(mintData))

  for (const account of SOLANA_TEST_ACCOUNTS) {
    setAccount(ledger, account.address, SOLANA_TEST_ACCOUNT_LAMPORTS, SYSTEM_PROGRAM)
    const tokenData = getTokenEncoder().encode({
      mint: toAddress(mint),
      owner: toAddress(account.address),
      amount: SOLANA_TEST_ACCOUNT_TOKEN_AMOUNT,
      delegate: null,
      state: AccountState.Initialized,
      isNative: null,
      delegatedAmount: 0n,
      closeAuthority: null,
    })
    setAccount(
      ledger,
      await associatedTokenAddress(account.address, mint),
      rent(getTokenSize()),
      TOKEN_PROGRAM_ADDRESS,
      new Uint8Array(tokenData),
    )
  }
}
