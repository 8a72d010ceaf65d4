import { useAppKitInstance } from '../../instance.ts'
import { format } from '../../messages.ts'
import { useStore } from '../../store.ts'
import { useNamesMessages } from './namesMessages.ts'
import { namesCss } from './styles.ts'

/** §2 RegisterAccountNameSuccess: the name is the account's now */
export default function RegisterAccountNameSuccess() {
  const { core } = useAppKitInstance()
  const messages = useNamesMessages()
  const name = useStore(core.stores.names, (s) => s.registered) ?? ''
  return (
    <div data-view="RegisterAccountNameSuccess" className="lk-center">
      <style>{namesCss}</style>
      <p className="lk-total" data-testid="name-registered" dir="ltr">
        {name}
      </p>
      <p className="lk-muted">{format(messages.nameRegistered, { name })}</p>
      <button
        type="button"
        className="lk-button lk-button-primary"
        data-testid="name-done"
        data-autofocus
        onClick={() => core.router.reset('Account')}
      >
        {messages.nameDone}
      </button>
    </div>
  )
}
