import { useMessages } from '../../useMessages.ts'
import { NetworkList } from './NetworkList.tsx'

/** The wallet is on a chain the app does not list: pick one it does. */
export default function UnsupportedChain() {
  const messages = useMessages()
  return (
    <div data-view="UnsupportedChain">
      <p className="lk-muted" style={{ marginBottom: 12 }} data-testid="unsupported-chain-text">
        {messages.unsupportedChain}
      </p>
      <NetworkList />
    </div>
  )
}
