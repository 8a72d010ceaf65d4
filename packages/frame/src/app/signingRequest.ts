// What a signing request is to the approval card (texts.ts gives its words) and to the code
// that runs it once approved: shared by the EVM (signer.ts), Solana and smart-account requests.
import type { Hex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import type { CardText, Phrase, Said } from './texts.ts'

export interface Detail {
  label: Phrase
  /** The request's data as it is; a Said is words (texts.ts); details are lines of a block */
  value: string | Said | Detail[]
  /** Addresses, hashes, hex: a monospace face */
  mono?: boolean
  /** Long text (messages, typed data) in its own scrolling block */
  block?: boolean
}

export interface SigningRequest<Run = RunContext> {
  method: string
  /** The card's heading */
  title: CardText
  /** "<dapp> asks you to <action>" */
  action: Phrase
  details: Detail[]
  run(context: Run): Promise<unknown>
}

export interface RunContext {
  account: PrivateKeyAccount
  signal: AbortSignal
}

export interface PrepareContext {
  address: string
  chainId: number
  rpcUrl: string | undefined
}

/** An EVM network on the card, by its chain id (an identifier: its digits as they are) */
export const chainPhrase = (chainId: number): Said => ({
  text: 'Chain {chainId}',
  params: { chainId: String(chainId) },
})

/** A transaction's data on the card: none, its size, and from 4 bytes on the function it calls */
export function dataPhrase(data: Hex | undefined): Said {
  if (!data || data.length <= 2) return { text: 'none' }
  const count = (data.length - 2) / 2
  if (count < 4) return { text: '{count} bytes', params: { count } }
  return {
    text: '{count} bytes (function {selector})',
    params: { count, selector: data.slice(0, 10) },
  }
}
