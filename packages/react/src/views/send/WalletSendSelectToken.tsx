import { tokenKeyOf } from '@latchkey/core/internal'
import { useAppKitInstance } from '../../instance.ts'
import { useMessages } from '../../useMessages.ts'
import { TokenHolding } from '../parts.tsx'
import { SkeletonRows } from '../SkeletonRows.tsx'
import { TokenIcon, useSendTokens } from './sendParts.tsx'
import { sendCss } from './styles.ts'

/** §5 Send: the tokens held on the active network, from the portfolio. */
export default function WalletSendSelectToken() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const { tokens, loading } = useSendTokens()
  const waiting = loading && tokens.length === 0
  return (
    <div data-view="WalletSendSelectToken">
      <style>{sendCss}</style>
      {tokens.length === 0 && !loading ? (
        <p className="lk-muted">{messages.noTokensToSend}</p>
      ) : null}
      <ul
        className="lk-list"
        aria-label={messages.selectToken}
        aria-busy={waiting || undefined}
        data-testid="send-token-list"
      >
        {waiting ? <SkeletonRows /> : null}
        {tokens.map((token) => (
          <li key={tokenKeyOf(token)}>
            <button
              type="button"
              className="lk-item"
              data-token-symbol={token.symbol}
              data-testid={`send-token-${token.symbol}`}
              onClick={() => {
                void core.send.selectToken(tokenKeyOf(token))
                core.router.goBack()
              }}
            >
              <TokenIcon token={token} />
              <span className="lk-item-name">{token.name}</span>
              <TokenHolding token={token} />
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
