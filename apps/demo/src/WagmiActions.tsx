import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { use, useState } from 'react'
import { parseEther } from 'viem'
import { useConnection, useSendTransaction, useSignMessage, WagmiProvider } from 'wagmi'
import { wagmiAdapter } from './config'

const configPromise = wagmiAdapter.getWagmiConfig()
const queryClient = new QueryClient()

/** The app's own wagmi code, beside the modal, on the same connection. */
function Actions() {
  const connection = useConnection()
  const sign = useSignMessage()
  const send = useSendTransaction()
  const [to] = useState<`0x${string}`>('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  return (
    <section aria-labelledby="wagmi-title">
      <h2 id="wagmi-title">Plain wagmi hooks</h2>
      <p data-testid="wagmi-status">
        wagmi: {connection.status} {connection.address ?? ''}
      </p>
      <div className="row">
        <button
          type="button"
          className="action"
          data-testid="sign-message"
          disabled={connection.status !== 'connected'}
          onClick={() => sign.mutate({ message: 'Hello from Latchkey' })}
        >
          Sign a message
        </button>
        <button
          type="button"
          className="action"
          data-testid="send-transaction"
          disabled={connection.status !== 'connected'}
          onClick={() => send.mutate({ to, value: parseEther('0.001') })}
        >
          Send 0.001 ETH
        </button>
      </div>
      <output data-testid="signature">{sign.data ?? sign.error?.message ?? ''}</output>
      <output data-testid="tx-hash">{send.data ?? send.error?.message ?? ''}</output>
    </section>
  )
}

export default function WagmiActions() {
  const config = use(configPromise)
  return (
    // Keep reconnectOnMount on: off, wagmi's hydrate drops the connections the modal has already
    // restored when this (lazily mounted) provider mounts.
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <Actions />
      </QueryClientProvider>
    </WagmiProvider>
  )
}
