import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { use, useState } from 'react'
import { encodeFunctionData, erc20Abi, parseEther, parseUnits } from 'viem'
import {
  useConnection,
  useSendCalls,
  useSendTransaction,
  useSignMessage,
  useWaitForCallsStatus,
  WagmiProvider,
} from 'wagmi'
import { wagmiAdapter } from './config'

const configPromise = wagmiAdapter.getWagmiConfig()
const queryClient = new QueryClient()
/** The devnet's lUSD (6 decimals), at the same address on both local chains */
const LUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'

/** The app's own wagmi code, beside the modal, on the same connection. */
function Actions() {
  const connection = useConnection()
  const sign = useSignMessage()
  const send = useSendTransaction()
  const [to] = useState<`0x${string}`>('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  // EIP-5792: 0.001 ETH and 1 lUSD in one batch, atomic where the wallet can (a smart account).
  const batch = useSendCalls()
  const batchStatus = useWaitForCallsStatus({ id: batch.data?.id, pollingInterval: 250 })
  const sendBatch = () =>
    batch.mutate({
      calls: [
        { to, value: parseEther('0.001') },
        {
          to: LUSD,
          data: encodeFunctionData({
            abi: erc20Abi,
            functionName: 'transfer',
            args: [to, parseUnits('1', 6)],
          }),
        },
      ],
    })
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
        <button
          type="button"
          className="action"
          data-testid="send-calls"
          disabled={connection.status !== 'connected'}
          onClick={sendBatch}
        >
          Send 0.001 ETH and 1 lUSD at once
        </button>
      </div>
      <output data-testid="signature">{sign.data ?? sign.error?.message ?? ''}</output>
      <output data-testid="tx-hash">{send.data ?? send.error?.message ?? ''}</output>
      <output data-testid="calls-status">
        {batch.error?.message ??
          batchStatus.error?.message ??
          (batchStatus.data
            ? `${batchStatus.data.status} ${batchStatus.data.statusCode} ${batchStatus.data.atomic ? 'atomic' : 'in turn'}`
            : batch.data?.id
              ? 'pending'
              : '')}
      </output>
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
