// §4 Social login with sign-in in one step: the page sends its SIWX message (no account yet)
// with APP_CONNECT_SOCIAL; once signed in, the frame signs it with the new account, so the
// visitor approves once (the login), not twice. The frame signs only a sign-in for the page
// that embeds it, on an EVM chain: anything else is not a sign-in this login stands for.
import { getAddress } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import type { SiwxMessage } from '../protocol/fields.ts'
import { siwxText } from '../siwxText.ts'

export interface SignedSignIn {
  siwxMessage: SiwxMessage
  message: string
  signature: string
}

/** Why the frame will not sign this sign-in message for `origin`, if it will not. */
export function signInRefusal(template: SiwxMessage, origin: string): string | undefined {
  const page = new URL(origin)
  if (template.domain !== page.host) return `domain ${template.domain} is not ${page.host}`
  let uri: URL
  try {
    uri = new URL(template.uri)
  } catch {
    return 'uri is not a URL'
  }
  if (uri.origin !== origin) return `uri ${uri.origin} is not ${origin}`
  if (!/^eip155:[0-9]{1,32}$/.test(template.chainId)) return `chain ${template.chainId} is not EVM`
  return undefined
}

export async function signSignIn(
  template: SiwxMessage,
  account: PrivateKeyAccount,
): Promise<SignedSignIn> {
  const siwxMessage = { ...template, accountAddress: account.address }
  const reference = template.chainId.slice('eip155:'.length)
  const message = siwxText(siwxMessage, 'eip155', reference, getAddress(account.address))
  const signature = await account.signMessage({ message })
  return { siwxMessage, message, signature }
}
