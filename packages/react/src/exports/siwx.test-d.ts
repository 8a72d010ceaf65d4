// AppKit's @reown/appkit-siwx usage, written as AppKit's docs write it (docs/migrating.md).
import type { CreateAppKitOptions } from '@latchkey/react'
import {
  CloudAuthSIWX,
  DefaultSIWX,
  EIP155Verifier,
  InformalMessenger,
  LocalSIWX,
  LocalStorage,
  ReownAuthentication,
  ServerSIWX,
  type SIWXSession,
  type SIWXStorage,
  SIWXVerifier,
  SolanaVerifier,
} from '@latchkey/react/siwx'
import { describe, expectTypeOf, it } from 'vitest'

type SiwxOption = NonNullable<CreateAppKitOptions['siwx']>

describe("AppKit's @reown/appkit-siwx", () => {
  it('DefaultSIWX with its parts is what createAppKit takes as siwx', () => {
    const siwx = new DefaultSIWX({
      messenger: new InformalMessenger({
        domain: 'app.example',
        uri: 'https://app.example',
        getNonce: async () => Math.round(Math.random() * 1e8).toString(),
        statement: 'Sign in',
        expiration: 24 * 60 * 60 * 1000,
        resources: ['https://app.example/terms'],
        clearChainIdNamespace: false,
      }),
      verifiers: [new EIP155Verifier(), new SolanaVerifier()],
      storage: new LocalStorage({ key: 'x' }),
    })
    expectTypeOf(siwx).toExtend<SiwxOption>()
    expectTypeOf(new DefaultSIWX()).toExtend<SiwxOption>()
    expectTypeOf(new DefaultSIWX({ required: false })).toExtend<SiwxOption>()
  })

  it('InformalMessenger needs domain, uri and getNonce', () => {
    // @ts-expect-error getNonce is required, as in AppKit
    new InformalMessenger({ domain: 'app.example', uri: 'https://app.example' })
    // @ts-expect-error LocalStorage takes its key
    new LocalStorage({})
  })

  it("an app's own storage and verifier fit DefaultSIWX", () => {
    const storage: SIWXStorage = {
      add: async (_session: SIWXSession) => undefined,
      set: async (_sessions: SIWXSession[]) => undefined,
      get: async () => [],
      delete: async () => undefined,
    }
    class BitcoinVerifier extends SIWXVerifier {
      readonly chainNamespace = 'bip122'
      async verify(_session: SIWXSession) {
        return false
      }
    }
    expectTypeOf(
      new DefaultSIWX({ storage, verifiers: [new BitcoinVerifier()] }),
    ).toExtend<SiwxOption>()
  })

  it('ReownAuthentication (and its old name) take no arguments, or AppKit’s', () => {
    expectTypeOf(new ReownAuthentication()).toExtend<SiwxOption>()
    expectTypeOf(
      new CloudAuthSIWX({ required: false, localAuthStorageKey: 'a', localNonceStorageKey: 'b' }),
    ).toExtend<SiwxOption>()
    expectTypeOf(new ReownAuthentication().on)
      .parameter(1)
      .toEqualTypeOf<(session: SIWXSession | undefined) => void>()
  })

  it('LocalSIWX and ServerSIWX stay', () => {
    expectTypeOf(new LocalSIWX()).toExtend<SiwxOption>()
    expectTypeOf(new ServerSIWX({ projectId: 'p' })).toExtend<SiwxOption>()
  })
})
