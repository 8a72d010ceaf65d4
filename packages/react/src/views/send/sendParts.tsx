import type { TokenBalance } from '@latchkey/core/internal'
import { formatFiat, sendableTokens, tokenKeyOf } from '@latchkey/core/internal'
import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { Logo } from '../parts.tsx'

/** The tokens of the active network the visitor holds, and the one chosen for the send. */
export function useSendTokens() {
  const { core } = useAppKitInstance()
  const portfolio = useStore(core.stores.portfolio)
  const caipNetworkId = useStore(core.stores.chain, (s) => s.activeCaipNetwork.caipNetworkId)
  const tokenKey = useStore(core.stores.send, (s) => s.tokenKey)
  const tokens = sendableTokens(portfolio, caipNetworkId)
  const token = tokens.find((t) => tokenKeyOf(t) === tokenKey)
  return { tokens, token, loading: portfolio.balancesLoading }
}

export function TokenIcon({ token }: { token: TokenBalance }) {
  return <Logo name={token.symbol} src={token.iconUrl} className="lk-token-icon" />
}

/** The fiat value of an amount typed for a token, when both are known. */
export function fiatOf(
  amount: string,
  token: TokenBalance | undefined,
  locale?: string,
): string | undefined {
  const value = Number(amount.replace(',', '.'))
  if (!token || !amount.trim() || !Number.isFinite(value) || !token.price) return undefined
  return formatFiat(value * token.price, locale)
}
