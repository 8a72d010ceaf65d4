import type { CaipNetworkId } from '../caip.ts'
import type { SignedCacao } from '../walletConnect/walletConnectClient.ts'
import type { SIWXSession } from './siwx.ts'
import type { SIWXMessageData } from './siwxMessage.ts'

/**
 * §4 One-click auth: the cacao a WalletConnect wallet signed while pairing, as our session. The
 * statement is read from the signed text, so it includes what WalletConnect appends to it (the
 * ReCap sentence), and the session's text stays exactly what the wallet signed.
 */
export function sessionFromCacao(cacao: SignedCacao): SIWXSession | undefined {
  const match = /^did:pkh:([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/.exec(
    cacao.p.iss,
  )
  if (!match) return undefined
  const [, namespace, reference, address] = match as unknown as [string, string, string, string]
  const [, body = ''] = cacao.message.split(`${address}\n\n`)
  const statementEnd = body.indexOf('\n\nURI: ')
  const statement = statementEnd > 0 ? body.slice(0, statementEnd) : undefined
  const data: SIWXMessageData = {
    accountAddress: address,
    chainId: `${namespace}:${reference}` as CaipNetworkId,
    domain: cacao.p.domain,
    uri: cacao.p.aud,
    version: cacao.p.version,
    nonce: cacao.p.nonce,
    issuedAt: cacao.p.iat,
    ...(statement && { statement }),
    ...(cacao.p.resources?.length && { resources: cacao.p.resources }),
    ...(cacao.p.requestId && { requestId: cacao.p.requestId }),
    ...(cacao.p.exp && { expirationTime: cacao.p.exp }),
    ...(cacao.p.nbf && { notBefore: cacao.p.nbf }),
  }
  return { data, message: cacao.message, signature: cacao.s.s }
}
