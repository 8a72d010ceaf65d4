import type { SIWXMessageData, SIWXMessageInput } from '@latchkey/core/internal'

/** What a messenger is asked for: AppKit's input, with an optional start of validity. */
export interface SIWXMessengerInput extends SIWXMessageInput {
  /** ISO 8601; the message is not valid before it */
  notBefore?: string
}

export interface SIWXMessengerOptions {
  /** RFC 3986 authority of the site asking (host[:port]) */
  domain: string
  uri: string
  statement?: string
  resources?: string[]
  /** How long a message stays valid, in milliseconds (from notBefore, else from now); default: no end */
  expiration?: number
  getNonce: (input: SIWXMessengerInput) => Promise<string>
  getRequestId?: () => Promise<string | undefined>
}

/**
 * AppKit's SIWXMessenger: builds the message data for an account. The wallet signs its
 * standard text (EIP-4361, or its Solana form) unless `stringify` gives another.
 */
export abstract class SIWXMessenger {
  domain: string
  uri: string
  statement?: string
  resources?: string[]
  protected abstract readonly version: string
  protected expiration?: number
  protected getNonce: SIWXMessengerOptions['getNonce']
  protected getRequestId?: SIWXMessengerOptions['getRequestId']

  constructor(options: SIWXMessengerOptions) {
    this.domain = options.domain
    this.uri = options.uri
    this.statement = options.statement
    this.resources = options.resources
    this.expiration = options.expiration
    this.getNonce = options.getNonce
    this.getRequestId = options.getRequestId
  }

  async createMessage(input: SIWXMessengerInput): Promise<SIWXMessageData> {
    const notBefore = input.notBefore ? new Date(input.notBefore) : undefined
    const requestId = await this.getRequestId?.()
    const nonce = await this.getNonce(input)
    // One instant for both: the message expires `expiration` after it says it was issued.
    const issuedAt = Date.now()
    const start = notBefore?.getTime() ?? issuedAt
    const data: SIWXMessageData = {
      accountAddress: input.accountAddress,
      chainId: input.chainId,
      domain: this.domain,
      uri: this.uri,
      version: this.version,
      nonce,
      ...(this.statement !== undefined && { statement: this.statement }),
      ...(this.resources?.length && { resources: this.resources }),
      ...(requestId !== undefined && { requestId }),
      issuedAt: new Date(issuedAt).toISOString(),
      ...(this.expiration !== undefined && {
        expirationTime: new Date(start + this.expiration).toISOString(),
      }),
      ...(notBefore && { notBefore: notBefore.toISOString() }),
    }
    const text = this.stringify(data)
    return text === undefined ? data : { ...data, serializedMessage: text }
  }

  /** The text to sign when it is not the standard one; undefined keeps the standard text. */
  protected stringify(_data: SIWXMessageData): string | undefined {
    return undefined
  }
}
