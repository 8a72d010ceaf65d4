import { useAppKitInstance } from '../../instance.ts'
import { useMessages } from '../../useMessages.ts'
import { BusyAction } from './BusyAction.tsx'

/**
 * Account view, embedded wallet only (issue 18 #9): ends the wallet's sessions on every device,
 * then disconnects here. A failure is read out under the button and the visitor stays connected.
 */
export function SignOutEverywhere() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  return (
    <BusyAction
      testId="sign-out-everywhere"
      errorTestId="sign-out-everywhere-error"
      run={() => core.embedded.signOutEverywhere()}
    >
      {messages.signOutEverywhere}
    </BusyAction>
  )
}
