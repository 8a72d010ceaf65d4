import { useState } from 'react'
import { useAppKitInstance } from '../context'

/** Copies the address to the clipboard and confirms with a toast; `copied` marks success. */
export function useCopyAddress(address: string) {
  const { core, messages } = useAppKitInstance()
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address)
      setCopied(true)
      core.toast.showSuccess(messages.addressCopied)
    } catch {
      setCopied(false)
    }
  }
  return { copied, copy }
}
