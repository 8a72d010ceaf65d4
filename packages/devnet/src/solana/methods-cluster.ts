// Cluster and blockhash methods: slots, versions, blockhashes, rent and fees.
import { createHash } from 'node:crypto'
import { getBase64Encoder } from '@solana/kit'
import { FeatureSet } from 'litesvm'
import { SOLANA_CORE_VERSION } from './constants.ts'
import { config, readConfig, required, u64 } from './params.ts'
import { invalidParams } from './rpc-error.ts'
import { type NodeContext, type RpcMethod, withContext } from './rpc-method.ts'
import { decodeMessage } from './wire.ts'

/** solana-epoch-schedule MINIMUM_SLOTS_PER_EPOCH */
const MINIMUM_SLOTS_PER_EPOCH = 32n

/**
 * Agave's feature-set id: the first 4 bytes (little-endian) of the sha256 over every known
 * feature id, sorted. LiteSVM enables all of them.
 */
const FEATURE_SET_ID = (() => {
  const ids = FeatureSet.allEnabled()
    .getActiveFeatures()
    .map((id) => Buffer.from(id))
    .sort(Buffer.compare)
  return createHash('sha256').update(Buffer.concat(ids)).digest().readUInt32LE(0)
})()

function epochOf(
  node: NodeContext,
  slot: bigint,
): { epoch: bigint; slotIndex: bigint; slotsInEpoch: bigint } {
  const schedule = node.ledger.svm.getEpochSchedule()
  if (schedule.warmup && slot < schedule.firstNormalSlot) {
    // Warm-up epochs double in length from MINIMUM_SLOTS_PER_EPOCH (EpochSchedule::get_epoch_and_slot_index).
    let epoch = 0n
    let length = MINIMUM_SLOTS_PER_EPOCH
    let start = 0n
    while (slot >= start + length) {
      start += length
      length *= 2n
      epoch += 1n
    }
    return { epoch, slotIndex: slot - start, slotsInEpoch: length }
  }
  const normal = slot - schedule.firstNormalSlot
  return {
    epoch: schedule.firstNormalEpoch + normal / schedule.slotsPerEpoch,
    slotIndex: normal % schedule.slotsPerEpoch,
    slotsInEpoch: schedule.slotsPerEpoch,
  }
}

const getSlot: RpcMethod = (params, node) => {
  readConfig(params[0], node.ledger.slot)
  return node.ledger.slot
}

const getBlockHeight: RpcMethod = (params, node) => {
  readConfig(params[0], node.ledger.slot)
  return node.ledger.blockHeight
}

const getLatestBlockhash: RpcMethod = (params, node) => {
  readConfig(params[0], node.ledger.slot)
  return withContext(node, node.ledger.latestBlockhash())
}

const isBlockhashValid: RpcMethod = (params, node) => {
  const blockhash = required(params, 0, 'blockhash')
  if (typeof blockhash !== 'string') throw invalidParams("'blockhash' must be a base58 string")
  readConfig(params[1], node.ledger.slot)
  return withContext(node, node.ledger.isBlockhashValid(blockhash))
}

const getMinimumBalanceForRentExemption: RpcMethod = (params, node) => {
  const length = u64(required(params, 0, 'dataLength'), 'dataLength')
  config(params[1])
  return node.ledger.svm.minimumBalanceForRentExemption(length)
}

const getFeeForMessage: RpcMethod = (params, node) => {
  const encoded = required(params, 0, 'message')
  readConfig(params[1], node.ledger.slot)
  if (typeof encoded !== 'string') throw invalidParams("'message' must be a base64 string")
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(getBase64Encoder().encode(encoded))
  } catch {
    throw invalidParams("'message' must be a base64 string")
  }
  return withContext(node, node.ledger.feeFor(decodeMessage(bytes)))
}

const getEpochInfo: RpcMethod = (params, node) => {
  readConfig(params[0], node.ledger.slot)
  const slot = node.ledger.slot
  return {
    absoluteSlot: slot,
    blockHeight: node.ledger.blockHeight,
    ...epochOf(node, slot),
    transactionCount: BigInt(node.ledger.records.size),
  }
}

const getEpochSchedule: RpcMethod = (_params, node) => {
  const schedule = node.ledger.svm.getEpochSchedule()
  return {
    firstNormalEpoch: schedule.firstNormalEpoch,
    firstNormalSlot: schedule.firstNormalSlot,
    leaderScheduleSlotOffset: schedule.leaderScheduleSlotOffset,
    slotsPerEpoch: schedule.slotsPerEpoch,
    warmup: schedule.warmup,
  }
}

export const clusterMethods: Record<string, RpcMethod> = {
  getSlot,
  getBlockHeight,
  getLatestBlockhash,
  isBlockhashValid,
  getMinimumBalanceForRentExemption,
  getFeeForMessage,
  getEpochInfo,
  getEpochSchedule,
  getVersion: () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': FEATURE_SET_ID }),
  getGenesisHash: (_params, node) => node.genesisHash,
  getHealth: () => 'ok',
  getTransactionCount: (params, node) => {
    readConfig(params[0], node.ledger.slot)
    return BigInt(node.ledger.records.size)
  },
  // Prioritization fees are not tracked: an empty list, as a node answers with no samples.
  getRecentPrioritizationFees: (params) => {
    if (params[0] !== undefined && !Array.isArray(params[0])) {
      throw invalidParams("'addresses' must be an array of base58 public keys")
    }
    return []
  },
}
