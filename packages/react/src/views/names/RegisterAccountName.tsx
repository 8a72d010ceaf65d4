import type { NamesState } from '@latchkey/core/internal'
import { useEffect, useId } from 'react'
import { coreText } from '../../coreTexts.ts'
import { useAppKitInstance } from '../../instance.ts'
import { format } from '../../messages.ts'
import { useStore } from '../../store.ts'
import { type NamesMessages, useNamesMessages } from './namesMessages.ts'
import { namesCss } from './styles.ts'

const RULE_TEXTS = {
  characters: 'nameRuleCharacters',
  short: 'nameRuleShort',
  long: 'nameRuleLong',
} as const satisfies Record<NonNullable<NamesState['problem']>, keyof NamesMessages>

/** What the line under the input says: the rule broken, or what the service said */
function statusText(state: NamesState, messages: NamesMessages): string {
  if (state.problem) return messages[RULE_TEXTS[state.problem]]
  const name = `${state.input.trim().toLowerCase()}.${state.zone}`
  if (state.status === 'checking') return messages.nameChecking
  if (state.status === 'available') return format(messages.nameAvailable, { name })
  if (state.status === 'taken') return format(messages.nameTaken, { name })
  return ''
}

/** §2 RegisterAccountName: a name with live availability and suggestions, then §4 registration */
export default function RegisterAccountName() {
  const { core } = useAppKitInstance()
  const messages = useNamesMessages()
  const state = useStore(core.stores.names)
  const inputId = useId()
  const statusId = useId()
  useEffect(() => {
    void core.names.load()
  }, [core])
  const registering = state.status === 'registering'
  const zoneSuffix = `.${state.zone}`

  return (
    <form
      data-view="RegisterAccountName"
      className="lk-stack lk-wide"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void core.names.register()
      }}
    >
      <style>{namesCss}</style>
      {state.owned ? (
        <p className="lk-muted" data-testid="name-owned">
          {format(messages.nameOwned, { name: state.owned })}
        </p>
      ) : null}
      <label className="lk-section-title" htmlFor={inputId}>
        {messages.nameLabel}
      </label>
      <span className="lk-name-row" dir="ltr">
        <input
          id={inputId}
          className="lk-search"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={messages.namePlaceholder}
          data-testid="name-input"
          data-autofocus
          dir="ltr"
          value={state.input}
          disabled={registering}
          aria-invalid={state.problem ? true : undefined}
          aria-describedby={statusId}
          onChange={(event) => void core.names.setInput(event.target.value)}
        />
        <span className="lk-name-zone" dir="ltr" data-testid="name-zone">
          {zoneSuffix}
        </span>
      </span>
      <p
        id={statusId}
        className="lk-name-status"
        data-testid="name-status"
        data-status={state.problem ? 'invalid' : state.status}
        aria-live="polite"
      >
        {statusText(state, messages)}
      </p>
      {state.suggestions.length > 0 ? (
        <>
          <h3 className="lk-section-title">{messages.nameSuggestions}</h3>
          <ul className="lk-name-suggestions" data-testid="name-suggestions">
            {state.suggestions.map((suggestion) => (
              <li key={suggestion}>
                <button
                  type="button"
                  className="lk-name-chip"
                  dir="ltr"
                  data-testid="name-suggestion"
                  onClick={() =>
                    void core.names.setInput(
                      suggestion.endsWith(zoneSuffix)
                        ? suggestion.slice(0, -zoneSuffix.length)
                        : suggestion,
                    )
                  }
                >
                  {suggestion}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {state.error ? (
        <p className="lk-error-text" role="alert" data-testid="name-error">
          {coreText(state.error, messages)}
        </p>
      ) : null}
      <button
        type="submit"
        className="lk-button lk-button-primary"
        data-testid="name-register"
        disabled={state.status !== 'available'}
        aria-busy={registering || undefined}
      >
        {registering ? messages.registeringName : messages.registerName}
      </button>
    </form>
  )
}
