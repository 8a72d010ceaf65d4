import type { AppKitCore, LoginProvider } from '@latchkey/core/internal'
import { useEffect, useState } from 'react'

/**
 * The initials shown when a provider's mark does not load. Each is a part of the name its button
 * says, or axe's label-content-name-mismatch fails (WCAG 2.5.3).
 */
const INITIALS: Record<LoginProvider, string> = {
  google: 'G',
  github: 'G',
  apple: 'A',
  facebook: 'f',
  x: 'X',
  discord: 'D',
  farcaster: 'F',
  telegram: 'T',
}

/**
 * The services' URL of each provider's mark (GET /public/getSocialImage/{id}), once the API
 * client has loaded (it loads at start, so Connect nearly always finds it there).
 */
export function useSocialImageUrl(
  core: AppKitCore,
): ((provider: LoginProvider) => string) | undefined {
  const [imageUrl, setImageUrl] = useState<(provider: LoginProvider) => string>()
  useEffect(() => {
    let live = true
    core.api().then(
      (api) => live && setImageUrl(() => (provider: LoginProvider) => api.socialImageUrl(provider)),
      () => {},
    )
    return () => {
      live = false
    }
  }, [core])
  return imageUrl
}

/**
 * A provider's mark (simple-icons, served by the directory) as a CSS mask over the brand's colour,
 * so one SVG serves both themes; the initial on the colour when the image fails. The hidden img
 * only tells whether the image loads (a mask has no error event); the mask reuses its download.
 */
export function SocialMark({
  provider,
  src,
}: {
  provider: LoginProvider
  src: string | undefined
}) {
  const [failed, setFailed] = useState<string>()
  if (src && failed !== src) {
    const mask = `url("${src}")`
    return (
      <span
        className="lk-social-mark"
        aria-hidden="true"
        data-mark="image"
        style={{ maskImage: mask, WebkitMaskImage: mask }}
      >
        <img src={src} alt="" hidden onError={() => setFailed(src)} />
      </span>
    )
  }
  return (
    <span className="lk-social-glyph" aria-hidden="true" data-mark={src ? 'initial' : 'pending'}>
      {src ? INITIALS[provider] : ''}
    </span>
  )
}
