// The coinbase transaction each block opens with: the subsidy plus the block's fees to the
// miner, the height in its scriptSig (BIP34), and the witness commitment (BIP141) that Core's
// miner always adds. Also the regtest genesis block's own coinbase.
import { Script } from '@scure/btc-signer'
import {
  INITIAL_SUBSIDY,
  REGTEST_GENESIS,
  SEQUENCE_FINAL,
  SUBSIDY_HALVING_INTERVAL,
} from './constants.ts'
import { concatBytes, hex, internalBytes, sha256d } from './hashes.ts'
import { merkleRoot } from './header.ts'
import { type DecodedTx, decodeTx, encodeTx } from './rawtx.ts'

/** Core's GetBlockSubsidy: halved every interval, nothing after 64 halvings */
export function blockSubsidy(height: number): bigint {
  const halvings = Math.floor(height / SUBSIDY_HALVING_INTERVAL)
  return halvings >= 64 ? 0n : INITIAL_SUBSIDY >> BigInt(halvings)
}

/** BIP141's commitment header: OP_RETURN, a 36-byte push starting aa21a9ed */
const WITNESS_COMMITMENT_PREFIX = hex.decode('6a24aa21a9ed')
const WITNESS_RESERVED_VALUE = new Uint8Array(32)
const ZERO_HASH = '0'.repeat(64)

/** The OP_RETURN output committing to the witness merkle root of the block's other wtxids */
export function witnessCommitmentScript(otherWtxids: readonly string[]): Uint8Array {
  const root = merkleRoot([ZERO_HASH, ...otherWtxids])
  return concatBytes(
    WITNESS_COMMITMENT_PREFIX,
    sha256d(internalBytes(root), WITNESS_RESERVED_VALUE),
  )
}

export interface CoinbaseRequest {
  height: number
  /** The output script the reward goes to */
  payTo: Uint8Array
  fees: bigint
  /** wtxids of the block's other transactions, in block order */
  otherWtxids: readonly string[]
}

export function buildCoinbase({ height, payTo, fees, otherWtxids }: CoinbaseRequest): DecodedTx {
  return encodeTx({
    version: 2,
    lockTime: 0,
    inputs: [
      {
        txid: ZERO_HASH,
        vout: 0xffffffff,
        // Core's miner: `CScript() << nHeight << OP_0`, so even heights 1-16 take two bytes.
        scriptSig: Script.encode([height, 'OP_0']),
        sequence: SEQUENCE_FINAL,
        witness: [WITNESS_RESERVED_VALUE],
      },
    ],
    outputs: [
      { value: blockSubsidy(height) + fees, script: payTo },
      { value: 0n, script: witnessCommitmentScript(otherWtxids) },
    ],
  })
}

export function genesisCoinbase(): DecodedTx {
  const tx = decodeTx(hex.decode(REGTEST_GENESIS.coinbaseHex))
  if (!tx) throw new Error('the genesis coinbase does not decode')
  return tx
}
