// The local regtest chain in process: the real genesis block, then accepted transactions into
// the mempool and mined blocks on top. With automine on (the default) every accepted transaction
// is mined into a block at once, so a wallet sees its confirmation on the next read.
import { acceptToMempool } from './accept.ts'
import { genesisCoinbase } from './coinbase.ts'
import { MAX_BLOCKS_PER_CALL, MAX_MONEY, REGTEST_GENESIS, STARTUP_BLOCKS } from './constants.ts'
import { FaucetDry, faucetTransaction, type MinerKey, minerKey } from './faucet.ts'
import { type BlockHeader, headerHash } from './header.ts'
import { BitcoinLedger, type BlockRecord } from './ledger.ts'
import { mineBlock } from './miner.ts'
import { scriptOfAddress } from './script.ts'

/** A request the chain cannot carry out as asked (bad address, amount, block count) */
export class InvalidBitcoinRequest extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'InvalidBitcoinRequest'
  }
}

export interface BitcoinChainOptions {
  /** Mine a block right after each accepted transaction; default true */
  automine?: boolean
  /** Blocks mined to the miner at start; default 101, so the faucet has matured coins */
  startupBlocks?: number
  /** The clock block times come from, in milliseconds since the epoch; default Date.now */
  now?: () => number
}

export interface BitcoinFaucetPayment {
  txid: string
  blockHash: string
  blockHeight: number
}

function genesisBlock(ledger: BitcoinLedger): BlockRecord {
  const coinbase = genesisCoinbase()
  const header: BlockHeader = {
    version: REGTEST_GENESIS.version,
    prevHash: '0'.repeat(64),
    merkleRoot: coinbase.txid,
    time: REGTEST_GENESIS.time,
    bits: REGTEST_GENESIS.bits,
    nonce: REGTEST_GENESIS.nonce,
  }
  if (headerHash(header) !== REGTEST_GENESIS.hash) throw new Error('the genesis header is wrong')
  return ledger.connect(header, [coinbase])
}

export class BitcoinChain {
  readonly ledger = new BitcoinLedger()
  readonly miner: MinerKey = minerKey()
  automine: boolean
  private readonly now: () => number

  constructor(options: BitcoinChainOptions = {}) {
    this.automine = options.automine ?? true
    this.now = options.now ?? Date.now
    genesisBlock(this.ledger)
    this.mine(options.startupBlocks ?? STARTUP_BLOCKS)
  }

  get height(): number {
    return this.ledger.tip.height
  }

  get tipHash(): string {
    return this.ledger.tip.hash
  }

  private payTo(address: string | undefined): Uint8Array {
    if (address === undefined) return this.miner.script
    const parsed = scriptOfAddress(address)
    if ('error' in parsed) throw new InvalidBitcoinRequest(parsed.error)
    return parsed.script
  }

  /** Validates a raw transaction (hex) into the mempool; its txid. Throws BitcoinTransactionRejected. */
  submit(rawHex: string): string {
    const accepted = acceptToMempool(rawHex, this.ledger)
    if (accepted.isNew) {
      this.ledger.addToMempool(accepted.tx, accepted.fee)
      if (this.automine) this.mine(1)
    }
    return accepted.tx.txid
  }

  /** Mines `blocks` blocks (the mempool goes into the first) paying `toAddress` or the miner */
  mine(blocks = 1, toAddress?: string): string[] {
    if (!Number.isInteger(blocks) || blocks < 0 || blocks > MAX_BLOCKS_PER_CALL) {
      throw new InvalidBitcoinRequest(`blocks must be an integer from 0 to ${MAX_BLOCKS_PER_CALL}`)
    }
    const payTo = this.payTo(toAddress)
    const hashes: string[] = []
    for (let count = 0; count < blocks; count++) {
      hashes.push(mineBlock(this.ledger, payTo, this.now() / 1000).hash)
    }
    return hashes
  }

  /**
   * Pays `sats` to `address` from the miner's matured coins and mines the payment into a block
   * (mining more blocks first if the matured coins fall short).
   */
  faucet(address: string, sats: bigint | number): BitcoinFaucetPayment {
    const amount = typeof sats === 'bigint' ? sats : Number.isSafeInteger(sats) ? BigInt(sats) : -1n
    if (amount <= 0n || amount > MAX_MONEY) {
      throw new InvalidBitcoinRequest(
        'sats must be a whole number of satoshis from 1 to 21 million BTC',
      )
    }
    const payTo = this.payTo(address)
    let raw: string | undefined
    for (let extra = 0; raw === undefined; extra++) {
      try {
        raw = faucetTransaction(this.ledger, this.miner, payTo, amount)
      } catch (error) {
        if (!(error instanceof FaucetDry) || extra >= MAX_BLOCKS_PER_CALL) throw error
        this.mine(1)
      }
    }
    const txid = this.submit(raw)
    while (this.ledger.mempool.has(txid)) this.mine(1)
    const block = this.ledger.txs.get(txid)?.block as BlockRecord
    return { txid, blockHash: block.hash, blockHeight: block.height }
  }
}
