import { SIWXMessenger, type SIWXMessengerOptions } from './messenger.ts'

export interface InformalMessengerOptions extends SIWXMessengerOptions {
  /**
   * AppKit's; accepted and not needed: the signed text's "Chain ID" is always the chain's
   * reference (`1`, not `eip155:1`), as EIP-4361 writes it.
   */
  clearChainIdNamespace?: boolean
}

/**
 * AppKit's InformalMessenger: version 1 messages with the nonce from `getNonce()`, signed as
 * the standard EIP-4361 text (its Solana form on Solana) that LocalSIWX and ServerSIWX sign.
 */
export class InformalMessenger extends SIWXMessenger {
  protected readonly version = '1'

  constructor({ clearChainIdNamespace: _accepted, ...options }: InformalMessengerOptions) {
    super(options)
  }
}
