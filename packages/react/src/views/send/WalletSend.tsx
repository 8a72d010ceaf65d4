import { formatTokenAmount, toLatinDigits, toLocalDigits } from '@latchkey/core/internal'
import { useEffect, useId } from 'react'
import { coreText } from '../../coreTexts.ts'
import { useAppKitInstance } from '../../instance.ts'
import { format } from '../../messages.ts'
import { useStore } from '../../store.ts'
import { useLocale, useMessages } from '../../useMessages.ts'
import { fill } from '../parts.tsx'
import { fiatOf, TokenIcon, useSendTokens } from './sendParts.tsx'
import { sendCss } from './styles.ts'

/** §5 Send: token, amount (with Max and its fiat value) and receiver; Preview checks them. */
export default function WalletSend() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const { locale } = useLocale()
  const send = useStore(core.stores.send)
  const namespace = useStore(core.stores.account, (s) => s.namespace)
  const { tokens, token } = useSendTokens()
  const amountId = useId()

  // A fresh form after a finished send, with fresh balances.
  useEffect(() => {
    if (core.stores.send.getState().status === 'sent') void core.send.reset()
    void core.portfolio.refresh().catch(() => undefined)
  }, [core])
  // The network's coin (or the first token with a balance) until the visitor picks one.
  const sendable = tokens.length > 0
  useEffect(() => {
    if (!token && sendable) void core.send.preselectToken()
  }, [core, token, sendable])

  const fiat = fiatOf(send.amount, token, locale)
  return (
    <form
      data-view="WalletSend"
      className="lk-stack lk-wide"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void core.send.validate().then((ok) => {
          if (ok) core.router.push('WalletSendPreview')
        })
      }}
    >
      <style>{sendCss}</style>
      <button
        type="button"
        className="lk-item"
        data-testid="send-select-token"
        onClick={() => core.router.push('WalletSendSelectToken')}
      >
        {token ? <TokenIcon token={token} /> : null}
        <span className="lk-item-name">{token ? token.symbol : messages.selectToken}</span>
        {token ? (
          <span className="lk-muted" data-testid="send-token-balance">
            {fill(messages.balanceLabel, {
              amount: (
                <span dir="ltr">{`${formatTokenAmount(token.quantity.numeric, locale)} ${token.symbol}`}</span>
              ),
            })}
          </span>
        ) : tokens.length === 0 ? (
          <span className="lk-muted">{messages.noTokensToSend}</span>
        ) : null}
      </button>
      <div className="lk-field">
        <label className="lk-section-title" htmlFor={amountId}>
          {messages.amount}
        </label>
        <span className="lk-input-row">
          <input
            id={amountId}
            className="lk-search"
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            placeholder="0"
            data-testid="send-amount"
            value={toLocalDigits(send.amount, locale)}
            onChange={(event) => core.send.setAmount(toLatinDigits(event.target.value))}
          />
          <button
            type="button"
            className="lk-button"
            data-testid="send-max"
            disabled={!token}
            onClick={() => void core.send.setMax()}
          >
            {messages.max}
          </button>
        </span>
        <span className="lk-muted lk-small" data-testid="send-fiat" aria-live="polite" dir="ltr">
          {fiat ?? ''}
        </span>
      </div>
      <label className="lk-field">
        <span className="lk-section-title">{messages.receiverAddress}</span>
        <input
          className="lk-search"
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          placeholder={format(messages.receiverPlaceholder, { namespace: namespace ?? '' })}
          data-testid="send-receiver"
          value={send.receiver}
          onChange={(event) => core.send.setReceiver(event.target.value)}
        />
      </label>
      {send.error ? (
        <p className="lk-error-text" role="alert" data-testid="send-error">
          {coreText(send.error, messages)}
        </p>
      ) : null}
      <button type="submit" className="lk-button lk-button-primary" data-testid="send-preview">
        {messages.previewSend}
      </button>
    </form>
  )
}
