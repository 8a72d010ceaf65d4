import { formatNumber, formatUnits } from '@latchkey/core/internal'
import { coreText } from '../../coreTexts.ts'
import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { useLocale, useMessages } from '../../useMessages.ts'
import { fiatOf, useSendTokens } from './sendParts.tsx'
import { sendCss } from './styles.ts'

/** A fee to three significant digits: 0.0000318742 → 0.0000319 */
function approximate(decimal: string, locale: string): string {
  return formatNumber(Number(decimal), locale, { maximumSignificantDigits: 3, useGrouping: false })
}

/** Gwei with at most 2 decimals, never rounded up */
function gwei(value: bigint, locale: string): string {
  return formatNumber(Number(formatUnits(value, 9).replace(/(\.\d{2})\d+$/, '$1')), locale, {
    maximumFractionDigits: 2,
    useGrouping: false,
  })
}

/** §5 Send: what goes where, the network fee (§3 gas price for EVM), then the wallet. */
export default function WalletSendPreview() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const { locale } = useLocale()
  const send = useStore(core.stores.send)
  const network = useStore(core.stores.chain, (s) => s.activeCaipNetwork)
  const { token } = useSendTokens()
  const sending = send.status === 'sending'
  const fiat = fiatOf(send.amount, token, locale)
  const native = network.nativeCurrency
  return (
    <div data-view="WalletSendPreview" className="lk-stack lk-wide">
      <style>{sendCss}</style>
      <p className="lk-total" data-testid="send-preview-amount" dir="ltr">
        {`${send.amount} ${token?.symbol ?? ''}`}
      </p>
      {fiat ? (
        <p className="lk-muted" dir="ltr">
          {fiat}
        </p>
      ) : null}
      <dl className="lk-summary">
        <dt>{messages.sendTo}</dt>
        <dd data-testid="send-preview-receiver" className="lk-break" dir="ltr">
          {send.receiver}
          {send.resolved?.name === send.receiver.trim() ? (
            <span className="lk-muted lk-small" data-testid="send-preview-resolved">
              <br />
              {send.resolved.address}
            </span>
          ) : null}
        </dd>
        <dt>{messages.sendNetwork}</dt>
        <dd>{network.name}</dd>
        {send.fee !== undefined ? (
          <>
            <dt>{messages.networkFee}</dt>
            <dd
              data-testid="send-preview-fee"
              dir="ltr"
            >{`≈ ${approximate(formatUnits(send.fee, native.decimals), locale)} ${native.symbol}`}</dd>
          </>
        ) : null}
        {send.gasPrice ? (
          <>
            <dt>{messages.gasPrices}</dt>
            <dd data-testid="send-gas-price">
              {`${messages.gasStandard} ${gwei(send.gasPrice.standard, locale)} · ${messages.gasFast} ${gwei(send.gasPrice.fast, locale)} · ${messages.gasInstant} ${gwei(send.gasPrice.instant, locale)}`}
            </dd>
          </>
        ) : null}
      </dl>
      {send.error ? (
        <p className="lk-error-text" role="alert" data-testid="send-error">
          {coreText(send.error, messages)}
        </p>
      ) : null}
      <button
        type="button"
        className="lk-button lk-button-primary"
        data-testid="send-confirm"
        disabled={sending}
        aria-busy={sending}
        onClick={() =>
          void core.send.send().then((ok) => {
            if (ok) core.router.replace('WalletSendResult')
          })
        }
      >
        {sending ? messages.sending : messages.sendNow}
      </button>
    </div>
  )
}
