import { useMemo } from 'react'
import { useAppKitInstance } from './instance.ts'
import { type BaseMessages, en } from './messages.ts'

/** The modal's texts: the English table with the app's own in place. Only the modal's code uses it. */
export function useMessages(): BaseMessages {
  const { messageOverrides } = useAppKitInstance()
  return useMemo(() => ({ ...en, ...messageOverrides }), [messageOverrides])
}
