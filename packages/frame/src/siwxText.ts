// The sign-in text (EIP-4361 "Sign-In with Ethereum", and the same layout for Solana and Bitcoin): one
// implementation for the modal (core's siwxMessage.ts) and the frame, which signs it in the
// social-login step. Pure: the caller parses the chain and checksums the address.

export interface SiwxTextFields {
  domain: string
  uri: string
  version: string
  nonce: string
  issuedAt: string
  statement?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: readonly string[]
}

const ACCOUNT_KIND = { eip155: 'Ethereum', solana: 'Solana', bip122: 'Bitcoin' } as const

/** The text for `fields`, signed by `address` on chain `reference` of `namespace`. */
export function siwxText(
  fields: SiwxTextFields,
  namespace: keyof typeof ACCOUNT_KIND,
  reference: string,
  address: string,
): string {
  const statement = fields.statement ? `${fields.statement}\n` : ''
  const lines = [
    `URI: ${fields.uri}`,
    `Version: ${fields.version}`,
    `Chain ID: ${reference}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
  ]
  if (fields.expirationTime) lines.push(`Expiration Time: ${fields.expirationTime}`)
  if (fields.notBefore) lines.push(`Not Before: ${fields.notBefore}`)
  if (fields.requestId) lines.push(`Request ID: ${fields.requestId}`)
  if (fields.resources?.length) lines.push('Resources:', ...fields.resources.map((r) => `- ${r}`))
  return `${fields.domain} wants you to sign in with your ${ACCOUNT_KIND[namespace]} account:\n${address}\n\n${statement}\n${lines.join('\n')}`
}
