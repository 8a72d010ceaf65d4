import { useMemo } from 'react'
import { coreText } from './coreTexts.ts'
import { useAppKitInstance } from './instance.ts'
import type { LocaleState } from './locale.ts'
import { type BaseMessages, en } from './messages.ts'
import { useStore } from './store.ts'

const NO_FEATURE = {}

/** The language the modal shows: its tag, direction and translation. */
export function useLocale(): LocaleState {
  return useStore(useAppKitInstance().localeStore)
}

/** The modal's texts: English, the language shown over it, the app's own over both. */
export function useMessages(): BaseMessages {
  return useMessagesWith(NO_FEATURE)
}

/**
 * A lazily loaded feature's views take its English texts too: a translation holds every text,
 * the features' included, so it replaces both.
 */
export function useMessagesWith<T extends object>(feature: T): BaseMessages & T {
  const { messageOverrides } = useAppKitInstance()
  const translation = useLocale().messages
  return useMemo(
    () => ({ ...en, ...feature, ...translation, ...messageOverrides }) as BaseMessages & T,
    [feature, translation, messageOverrides],
  )
}

/** coreText (coreTexts.ts) in the language shown, for a component that has no messages at hand. */
export function useCoreText(): (text: string) => string {
  const messages = useMessages()
  return (text) => coreText(text, messages)
}
