import { useEffect, useState } from 'react'
import { useStore } from 'zustand'
import { useAppKitInstance } from '../../instance.ts'
import { useMessages } from '../../useMessages.ts'
import { BusyAction } from './BusyAction.tsx'

/**
 * Account view, the embedded wallet's EVM account only (README "Smart accounts"): switches
 * between the EOA and the smart account the same key owns, on a network that offers one. The
 * new address replaces the old one everywhere the page reads it; a failure is read out below.
 */
export function AccountTypeToggle() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const type = useStore(core.stores.embedded, (s) => s.user?.preferredAccountType ?? 'eoa')
  const network = useStore(core.stores.chain, (s) => s.activeCaipNetwork)
  const [offered, setOffered] = useState(false)

  useEffect(() => {
    let current = true
    core.embedded.smartAccountNetworks().then(
      (ids) => current && setOffered(ids.includes(Number(network.id))),
      () => current && setOffered(false),
    )
    return () => {
      current = false
    }
  }, [core, network.id])

  if (!offered && type !== 'smartAccount') return null
  const next = type === 'smartAccount' ? 'eoa' : 'smartAccount'
  return (
    <BusyAction
      testId="account-type-toggle"
      errorTestId="account-type-error"
      run={() => core.embedded.setPreferredAccountType(next)}
    >
      {next === 'smartAccount' ? messages.switchToSmartAccount : messages.switchToEoa}
    </BusyAction>
  )
}
