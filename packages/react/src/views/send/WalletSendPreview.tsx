import { formatUnits } from '@latchkey/core/internal'
import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { useMessages } from '../../useMessages.ts'
import { fiatOf, useSendTokens } from './sendParts.tsx'
import { sendCss } from './styles.ts'

/** A fee to three significant digits: 0.0000318742 → 0.0000319 */
function approximate(decimal: string): string {
  const value = Number(decimal)
  return value === 0 ? '0' : String(Number(value.toPrecision(3)))
}

function gwei(value: bigint): string {
  return formatUnits(value, 9).replace(/(\.\d{2})\d+$/, '$1')
}

/** §5 Send: what goes where, the network fee (§3 gas price for EVM), then the wallet. */
export default function WalletSendPreview() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const send = useStore(core.stores.send)
  const network = useStore(core.stores.chain, (s) => s.activeCaipNetwork)
  const { token } = useSendTokens()
  const sending = send.status === 'sending'
  const fiat = fiatOf(send.amount, token)
  const native = network.nativeCurrency
  return (
    <div data-view="WalletSendPreview" className="lk-stack lk-wide">
      <style>{sendCss}</style>
      <p className="lk-total" data-testid="send-preview-amount">
        {`${send.amount} ${token?.symbol ?? ''}`}
      </p>
      {fiat ? <p className="lk-muted">{fiat}</p> : null}
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
            <dd data-testid="send-preview-fee">{`≈ ${approximate(formatUnits(send.fee, native.decimals))} ${native.symbol}`}</dd>
          </>
        ) : null}
        {send.gasPrice ? (
          <>
            <dt>{messages.gasPrices}</dt>
            <dd data-testid="send-gas-price">
              {`${messages.gasStandard} ${gwei(send.gasPrice.standard)} · ${messages.gasFast} ${gwei(send.gasPrice.fast)} · ${messages.gasInstant} ${gwei(send.gasPrice.instant)}`}
            </dd>
          </>
        ) : null}
      </dl>
      {send.error ? (
        <p className="lk-error-text" role="alert" data-testid="send-error">
          {send.error}
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
