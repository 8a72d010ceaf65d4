import type { BitcoinProvider } from '@latchkey/bitcoin'
import { useAppKitAccount, useAppKitBalance, useAppKitProvider } from '@latchkey/react'
import { type FormEvent, useState } from 'react'

type Result = { txid: string } | { error: string }

/**
 * The app's own Bitcoin code, as an app would write it: the modal's Send is EVM and Solana only,
 * so a transfer goes through the wallet provider (`sendTransfer`, an amount in satoshis). The
 * modal does not see that send, so the app asks for fresh balances after it.
 */
export function BitcoinActions() {
  const account = useAppKitAccount({ namespace: 'bip122' })
  const { walletProvider } = useAppKitProvider<BitcoinProvider>('bip122')
  const { fetchBalance } = useAppKitBalance()
  const [recipient, setRecipient] = useState('')
  const [amount, setAmount] = useState('10000')
  const [pending, setPending] = useState(false)
  const [result, setResult] = useState<Result>()
  const ready = account.isConnected && walletProvider !== undefined

  async function send(event: FormEvent) {
    event.preventDefault()
    if (!walletProvider) return
    setPending(true)
    setResult(undefined)
    try {
      setResult({ txid: await walletProvider.sendTransfer({ recipient, amount }) })
      void fetchBalance()
    } catch (error) {
      setResult({ error: error instanceof Error ? error.message : String(error) })
    } finally {
      setPending(false)
    }
  }

  return (
    <section aria-labelledby="bitcoin-title">
      <h2 id="bitcoin-title">Bitcoin provider</h2>
      <p data-testid="bitcoin-status">
        bip122: {account.status} {account.address ?? ''}
      </p>
      <form className="row" onSubmit={(event) => void send(event)}>
        <input
          aria-label="Recipient address"
          data-testid="bitcoin-recipient"
          placeholder="bcrt1…"
          value={recipient}
          onChange={(event) => setRecipient(event.target.value)}
        />
        <input
          aria-label="Amount in satoshis"
          data-testid="bitcoin-amount"
          inputMode="numeric"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <button
          type="submit"
          className="action"
          data-testid="bitcoin-send"
          disabled={!ready || pending || !recipient}
        >
          Send satoshis
        </button>
      </form>
      <output data-testid="bitcoin-txid">
        {result ? ('txid' in result ? result.txid : result.error) : ''}
      </output>
    </section>
  )
}
