import type { TokenBalance } from '@latchkey/core/internal'
import { formatFiat, sendableTokens, tokenKeyOf } from '@latchkey/core/internal'
import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'

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
  return token.iconUrl ? (
    <img src={token.iconUrl} alt="" width={24} height={24} className="lk-token-icon" />
  ) : null
}

/** The fiat value of an amount typed for a token, when both are known. */
export function fiatOf(amount: string, token: TokenBalance | undefined): string | undefined {
  const value = Number(amount.replace(',', '.'))
  if (!token || !amount.trim() || !Number.isFinite(value) || !token.price) return undefined
  return formatFiat(value * token.price)
}
