// Block assembly: mempool transactions in acceptance order up to the block weight limit; what
// does not fit waits for the next block.
import { expect, it } from 'vitest'
import { BitcoinChain } from './chain.ts'
import { testWallet } from './testing/wallet.ts'

it('fills a block up to 4M weight units and leaves the rest, in order, for the next', () => {
  const chain = new BitcoinChain({ automine: false })
  const wallets = [0, 1, 2].map((index) => testWallet('p2tr', `miner ${index}`))
  // Funded first: the faucet mines whatever waits in the mempool.
  const coins = wallets.map((wallet) => chain.faucet(wallet.address, 100_000).txid)
  const txids = wallets.map((wallet, index) =>
    chain.submit(
      wallet.transfer(
        [{ txid: coins[index] as string, vout: 0, value: 100_000 }],
        [{ address: chain.miner.address, value: 99_000 }],
      ),
    ),
  )
  // Pretend each weighs 1.5M: two fit beside the coinbase's reserved 8,000, the third does not.
  for (const record of chain.ledger.mempool.values())
    record.tx = { ...record.tx, weight: 1_500_000 }
  const [first, second] = chain.mine(2).map((hash) => chain.ledger.blocksByHash.get(hash))
  expect(first?.txids.slice(1)).toEqual(txids.slice(0, 2))
  expect(second?.txids.slice(1)).toEqual(txids.slice(2))
  expect(chain.ledger.mempool.size).toBe(0)
})
