import { coreText } from '../../coreTexts.ts'
import { useMessages } from '../../useMessages.ts'

/**
 * The connecting views' failure (§4): the error's text, announced, and "Try again", which takes
 * the focus so Enter retries.
 */
export function ConnectError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const messages = useMessages()
  return (
    <>
      <p className="lk-error-text" role="alert" data-testid="connect-error">
        {coreText(message, messages)}
      </p>
      <button
        type="button"
        className="lk-button lk-button-primary"
        data-testid="connect-retry"
        data-autofocus
        onClick={onRetry}
      >
        {messages.tryAgain}
      </button>
    </>
  )
}
