import { coreText } from '../../coreTexts.ts'
import { useAppKitInstance } from '../../instance.ts'
import { format } from '../../messages.ts'
import { useStore } from '../../store.ts'
import { useMessages } from '../../useMessages.ts'
import { EmailForm } from './EmailForm.tsx'
import { embeddedCss } from './styles.ts'

/** §2 EmailLogin: the email, then the device approval or the one-time code, then Account. */
export default function EmailLogin() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const login = useStore(core.stores.embedded, (s) => s.login)
  const email = login.email ?? ''
  return (
    <div data-view="EmailLogin" data-step={login.step} className="lk-stack lk-wide">
      <style>{embeddedCss}</style>
      {login.step === 'email' ? (
        <EmailForm
          key="email"
          testId="email-login"
          label={messages.email}
          submitLabel={messages.continue}
          busy={login.busy}
          error={login.error}
          onSubmit={(value) => void core.embedded.submitEmail(value)}
        />
      ) : null}
      {login.step === 'otp' ? (
        <>
          <p className="lk-muted" data-testid="email-otp-text">
            {format(messages.otpSentTo, { email })}
          </p>
          <EmailForm
            key="otp"
            testId="email-otp"
            label={messages.otpCode}
            submitLabel={messages.continue}
            busy={login.busy}
            error={login.error}
            code
            onSubmit={(value) => void core.embedded.submitOtp(value)}
          />
        </>
      ) : null}
      {login.step === 'device' ? (
        <>
          <p className="lk-muted" data-testid="email-device-text">
            {format(messages.deviceSentTo, { email })}
          </p>
          {login.error ? (
            <p className="lk-error-text" role="alert" data-testid="email-device-error">
              {coreText(login.error, messages)}
            </p>
          ) : (
            <p aria-live="polite">{messages.waitingForDevice}</p>
          )}
        </>
      ) : null}
      {login.step === 'connecting' ? (
        <p aria-live="polite" data-testid="email-connecting">
          {messages.signingIn}
        </p>
      ) : null}
      {login.step !== 'email' && login.step !== 'connecting' ? (
        <button
          type="button"
          className="lk-button"
          data-testid="email-login-restart"
          onClick={() => void core.embedded.restart()}
        >
          {messages.useAnotherEmail}
        </button>
      ) : null}
    </div>
  )
}
