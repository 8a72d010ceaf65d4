import { useState } from 'react'
import { useAppKitInstance } from '../instance.ts'

/** Copies text to the clipboard and confirms with a toast; `copied` marks success. */
export function useCopy(text: string, confirmation: string) {
  const { core } = useAppKitInstance()
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setCopied(true)
      core.toast.showSuccess(confirmation)
    } catch {
      setCopied(false)
    }
  }
  return { copied, copy }
}
