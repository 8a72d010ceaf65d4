// The params of each relay method (@walletconnect/relay-api RelayJsonRpc, and the two
// publishCustom methods of @walletconnect/sign-client's engine: sendProposeSession and
// sendApproveSession). Objects are loose: clients add fields (correlationId, prompt, TVF data).
import { z } from 'zod'
import {
  RELAY_MAX_ATTESTATION_LENGTH,
  RELAY_MAX_MESSAGE_LENGTH,
  RELAY_MAX_TOPIC_LENGTH,
  RELAY_MAX_TOPICS_PER_CLIENT,
} from '../constants/relay.ts'
import { relayAttestationTooLong } from '../errors/relay.ts'

const topic = z.string().min(1).max(RELAY_MAX_TOPIC_LENGTH)
const topics = z.array(topic).max(RELAY_MAX_TOPICS_PER_CLIENT)
const message = z.string().min(1).max(RELAY_MAX_MESSAGE_LENGTH)
/** Seconds */
const ttl = z.number().positive().finite()
const attestation = z
  .string()
  .max(RELAY_MAX_ATTESTATION_LENGTH, relayAttestationTooLong(RELAY_MAX_ATTESTATION_LENGTH))
  .nullish()

const publish = z.looseObject({
  topic,
  message,
  ttl,
  tag: z.number().int().optional(),
  prompt: z.boolean().optional(),
  attestation,
})
const unsubscribe = z.looseObject({ topic, id: z.string().max(RELAY_MAX_TOPIC_LENGTH).optional() })

export const RELAY_PARAMS = {
  irn_publish: publish,
  irn_batchPublish: z.looseObject({ messages: z.array(publish).min(1).max(100) }),
  irn_subscribe: z.looseObject({ topic }),
  irn_batchSubscribe: z.looseObject({ topics }),
  irn_unsubscribe: unsubscribe,
  irn_batchUnsubscribe: z.looseObject({
    subscriptions: z.array(unsubscribe).max(RELAY_MAX_TOPICS_PER_CLIENT),
  }),
  irn_batchFetchMessages: z.looseObject({ topics }),
  /** sign-client sendProposeSession: the dapp's proposal, on a pairing topic it has not subscribed */
  wc_proposeSession: z.looseObject({
    pairingTopic: topic,
    sessionProposal: message,
    ttl: ttl.optional(),
    attestation,
  }),
  /** sign-client sendApproveSession: the wallet's answer and the session settlement */
  wc_approveSession: z.looseObject({
    sessionTopic: topic,
    pairingTopic: topic,
    sessionProposalResponse: message,
    sessionSettlementRequest: message,
    ttl: ttl.optional(),
  }),
} as const

export type RelayMethod = keyof typeof RELAY_PARAMS
export type RelayParams<M extends RelayMethod> = z.infer<(typeof RELAY_PARAMS)[M]>
export type PublishParams = z.infer<typeof publish>

export function isRelayMethod(method: string): method is RelayMethod {
  return Object.hasOwn(RELAY_PARAMS, method)
}

/** The first problem, naming its parameter: "'topic': Invalid input: expected string…". */
export function describeParamsError(error: z.ZodError): string {
  const issue = error.issues[0]
  const name = issue?.path.map(String).join('.') || 'params'
  return `'${name}': ${issue?.message ?? 'is not valid'}`
}
