import { useMemo } from 'react'
import { useAppKitInstance } from './instance.ts'
import { type BaseMessages, en } from './messages.ts'

const NO_FEATURE = {}

/** The modal's texts: the English table with the app's own in place. Only the modal's code uses it. */
export function useMessages(): BaseMessages {
  return useMessagesWith(NO_FEATURE)
}

/** The English table, a lazily loaded feature's own texts, then the app's: the feature's views use it. */
export function useMessagesWith<T extends object>(feature: T): BaseMessages & T {
  const { messageOverrides } = useAppKitInstance()
  return useMemo(
    () => ({ ...en, ...feature, ...messageOverrides }) as BaseMessages & T,
    [feature, messageOverrides],
  )
}
