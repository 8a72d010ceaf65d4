import { currentRoute, heldAmount, searchTokens, tokensByHolding } from '@latchkey/core/internal'
import { useState } from 'react'
import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { useLocale } from '../../useMessages.ts'
import { SkeletonRows } from '../SkeletonRows.tsx'
import { swapCss } from './styles.ts'
import { useSwapMessages } from './swapMessages.ts'
import { localAmount, SwapTokenIcon, useSwapTokens } from './swapParts.tsx'

/** Swap: picks the token sold or bought; the ones the visitor holds first, then by search. */
export default function SwapSelectToken() {
  const { core } = useAppKitInstance()
  const messages = useSwapMessages()
  const { locale } = useLocale()
  const route = useStore(core.stores.router, currentRoute)
  const side = route.view === 'SwapSelectToken' ? route.params.side : 'sell'
  const { swap, balances, caipNetworkId } = useSwapTokens()
  const [search, setSearch] = useState('')
  const tokens = searchTokens(tokensByHolding(swap.tokens, balances, caipNetworkId), search)
  const chosen = side === 'sell' ? swap.sell : swap.buy
  const waiting = swap.tokensLoading && tokens.length === 0
  return (
    <div data-view="SwapSelectToken" className="lk-stack lk-wide">
      <style>{swapCss}</style>
      <input
        className="lk-search"
        type="search"
        autoComplete="off"
        aria-label={messages.searchToken}
        placeholder={messages.searchToken}
        data-testid="swap-token-search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {tokens.length === 0 && !swap.tokensLoading ? (
        <p className="lk-muted">{messages.noTokenFound}</p>
      ) : null}
      <ul
        className="lk-list"
        aria-label={messages.selectToken}
        aria-busy={waiting || undefined}
        data-testid="swap-token-list"
      >
        {waiting ? <SkeletonRows /> : null}
        {tokens.map((token) => {
          const held = heldAmount(token, balances, caipNetworkId)
          return (
            <li key={token.address}>
              <button
                type="button"
                className="lk-item"
                data-testid={`swap-token-${token.symbol}`}
                aria-current={token.address === chosen || undefined}
                onClick={() => {
                  void core.swap.selectToken(side, token.address)
                  core.router.goBack()
                }}
              >
                <SwapTokenIcon token={token} />
                <span className="lk-item-name">{token.name}</span>
                <span className="lk-row-end" dir="ltr">
                  {held > 0n ? `${localAmount(held, token.decimals, locale)} ` : ''}
                  {token.symbol}
                </span>
              </button>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
