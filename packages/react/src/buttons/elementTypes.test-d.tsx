import { describe, it } from 'vitest'
import type {} from './elementTypes.ts'

describe('JSX typing of the <appkit-*> and <w3m-*> elements', () => {
  it("takes AppKit's attributes and refuses unknown values", () => {
    const elements = (
      <>
        <appkit-button size="sm" label="Go" loadingLabel="Wait" balance="hide" namespace="eip155" />
        <appkit-connect-button label="Connect" />
        <appkit-account-button balance="show" disabled />
        <appkit-network-button disabled={false} />
        <w3m-button />
        <appkit-modal />
        <w3m-modal />
        {/* @ts-expect-error AppKit has two sizes */}
        <appkit-button size="xl" />
        {/* @ts-expect-error not a namespace */}
        <appkit-button namespace="tron" />
      </>
    )
    void elements
  })
})
