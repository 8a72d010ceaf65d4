import { useAppKitInstance } from '../../instance.ts'
import { format } from '../../messages.ts'
import { useStore } from '../../store.ts'
import { useMessages } from '../../useMessages.ts'
import { EmailForm } from './EmailForm.tsx'
import { embeddedCss } from './styles.ts'

/** §2 UpdateEmailWallet: the new address, a code to the current one, a code to the new one. */
export default function UpdateEmailWallet() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const update = useStore(core.stores.embedded, (s) => s.update)
  const current = useStore(core.stores.embedded, (s) => s.user?.email ?? '')
  const otpText =
    update.step === 'VERIFY_PRIMARY_OTP'
      ? format(messages.primaryOtpSentTo, { email: current })
      : format(messages.secondaryOtpSentTo, { email: update.email ?? '' })
  return (
    <div data-view="UpdateEmailWallet" data-step={update.step} className="lk-stack lk-wide">
      <style>{embeddedCss}</style>
      {update.step === 'email' ? (
        <EmailForm
          key="email"
          testId="update-email"
          label={messages.newEmail}
          submitLabel={messages.continue}
          busy={update.busy}
          error={update.error}
          onSubmit={(value) => void core.embedded.submitNewEmail(value)}
        />
      ) : (
        <>
          <p className="lk-muted" data-testid="update-email-otp-text">
            {otpText}
          </p>
          <EmailForm
            key={update.step}
            testId="update-email-otp"
            label={messages.otpCode}
            submitLabel={messages.continue}
            busy={update.busy}
            error={update.error}
            code
            onSubmit={(value) => void core.embedded.submitUpdateOtp(value)}
          />
        </>
      )}
    </div>
  )
}
