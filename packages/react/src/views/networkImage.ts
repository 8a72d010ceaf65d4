import { chainImageOf } from '@latchkey/core/internal'
import type { CaipNetwork } from '@latchkey/core/networks'
import { useEffect, useState } from 'react'
import { useAppKitInstance } from '../instance.ts'

type NetworkRef = Pick<CaipNetwork, 'id' | 'caipNetworkId'>

/**
 * A network's image: the app's chainImages first, else the directory's (GET
 * /public/getAssetImage/{caip2}) once the API client has loaded. A network it has no logo for
 * answers 404, and Logo draws the initial.
 */
export function useNetworkImage(): (network: NetworkRef) => string | undefined {
  const { core } = useAppKitInstance()
  const [assetImageUrl, setAssetImageUrl] = useState<(id: string) => string>()
  useEffect(() => {
    let live = true
    core.api().then(
      (api) => live && setAssetImageUrl(() => (id: string) => api.assetImageUrl(id)),
      () => {},
    )
    return () => {
      live = false
    }
  }, [core])
  return (network) =>
    chainImageOf(core.options.chainImages, network) ?? assetImageUrl?.(network.caipNetworkId)
}
