// One type test per AppKit hook: the names and shapes an AppKit app reads (docs/migrating.md).
import {
  type ChainNamespace,
  type Connection,
  type ConnectorInfo,
  type ConnectorStatus,
  type FetchBalanceResult,
  type TokenBalance,
  type Transaction,
  type useAppKitAccount,
  type useAppKitActivity,
  type useAppKitBalance,
  type useAppKitConnection,
  type useAppKitConnections,
  type useAppKitConnectors,
  type useAppKitEvents,
  type useAppKitLocale,
  type useAppKitNetwork,
  type useAppKitNetworkCore,
  type useAppKitProvider,
  type useAppKitSIWX,
  type useAppKitState,
  type useAppKitTheme,
  type useAppKitTokens,
  type useAppKitUpdateEmail,
  type useAppKitWallets,
  type useDisconnect,
  useWalletInfo,
  type WalletItem,
  type WalletProviderType,
} from '@latchkey/react'
import type { CaipNetwork, CaipNetworkId } from '@latchkey/react/networks'
import { describe, expectTypeOf, it } from 'vitest'

describe("AppKit's hooks", () => {
  it('useAppKitAccount', () => {
    type Result = ReturnType<typeof useAppKitAccount>
    expectTypeOf<Result['address']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<Result['isConnected']>().toEqualTypeOf<boolean>()
    expectTypeOf<Result['allAccounts'][number]['namespace']>().toExtend<string>()
  })

  it('useAppKitNetwork and useAppKitNetworkCore', () => {
    const { switchNetwork } = {} as ReturnType<typeof useAppKitNetwork>
    expectTypeOf(switchNetwork).toBeCallableWith({} as CaipNetwork)
    // a viem Chain, as AppKit's switchNetwork takes too
    expectTypeOf(switchNetwork).toBeCallableWith({ id: 8453, name: 'Base' })
    type Core = ReturnType<typeof useAppKitNetworkCore>
    expectTypeOf<Core['caipNetworkId']>().toEqualTypeOf<CaipNetworkId>()
    expectTypeOf<Core['chainId']>().toEqualTypeOf<number | string>()
  })

  it('useAppKitState', () => {
    type State = ReturnType<typeof useAppKitState>
    expectTypeOf<State['open']>().toEqualTypeOf<boolean>()
    expectTypeOf<State['initialized']>().toEqualTypeOf<boolean>()
    expectTypeOf<State['selectedNetworkId']>().toEqualTypeOf<CaipNetworkId>()
    expectTypeOf<State['locale']>().toEqualTypeOf<string>()
  })

  it('useAppKitLocale (ours)', () => {
    type Result = ReturnType<typeof useAppKitLocale>
    expectTypeOf<Result['dir']>().toEqualTypeOf<'ltr' | 'rtl'>()
    expectTypeOf<Result['setLocale']>().toEqualTypeOf<(locale: string) => Promise<void>>()
  })

  it('useAppKitEvents is never undefined', () => {
    expectTypeOf<ReturnType<typeof useAppKitEvents>['timestamp']>().toEqualTypeOf<number>()
  })

  it('useAppKitTheme', () => {
    expectTypeOf<ReturnType<typeof useAppKitTheme>['themeMode']>().toEqualTypeOf<'dark' | 'light'>()
  })

  it('useDisconnect takes { id, namespace }', () => {
    const { disconnect } = {} as ReturnType<typeof useDisconnect>
    expectTypeOf(disconnect).toBeCallableWith({ id: 'io.metamask' })
    expectTypeOf(disconnect).toBeCallableWith({ namespace: 'solana' })
    expectTypeOf(disconnect).toBeCallableWith()
  })

  it('useWalletInfo takes a namespace', () => {
    expectTypeOf(useWalletInfo).toBeCallableWith('solana')
    expectTypeOf(useWalletInfo).toBeCallableWith()
  })

  it('useAppKitProvider names the provider type', () => {
    expectTypeOf<ReturnType<typeof useAppKitProvider>['walletProviderType']>().toEqualTypeOf<
      WalletProviderType | undefined
    >()
  })

  it("useAppKitBalance().fetchBalance() answers AppKit's shape", () => {
    expectTypeOf<ReturnType<ReturnType<typeof useAppKitBalance>['fetchBalance']>>().toEqualTypeOf<
      Promise<FetchBalanceResult>
    >()
  })

  it('useAppKitWallets (headless)', () => {
    type Wallets = ReturnType<typeof useAppKitWallets>
    expectTypeOf<Wallets['wallets']>().toEqualTypeOf<WalletItem[]>()
    expectTypeOf<Wallets['wcWallets']>().toEqualTypeOf<WalletItem[]>()
    expectTypeOf<Wallets['wcUri']>().toEqualTypeOf<string | undefined>()
    expectTypeOf<Wallets['connectingWallet']>().toEqualTypeOf<WalletItem | undefined>()
    expectTypeOf<Wallets['connect']>().parameter(0).toEqualTypeOf<WalletItem>()
    expectTypeOf<Wallets['connect']>().returns.toEqualTypeOf<Promise<void>>()
    expectTypeOf<Wallets['fetchWallets']>()
      .parameter(0)
      .toEqualTypeOf<{ page?: number; search?: string; query?: string } | undefined>()
    expectTypeOf<WalletItem['connectors'][number]['chain']>().toEqualTypeOf<ChainNamespace>()
    expectTypeOf<Wallets['isInitialized'] | Wallets['isFetchingWallets']>().toEqualTypeOf<boolean>()
  })

  it('useAppKitConnections and useAppKitConnection', () => {
    expectTypeOf<ReturnType<typeof useAppKitConnections>['connections']>().toEqualTypeOf<
      Connection[]
    >()
    type Single = ReturnType<typeof useAppKitConnection>
    expectTypeOf<Single['isPending']>().toEqualTypeOf<boolean>()
    expectTypeOf<Single['deleteConnection']>()
      .parameter(0)
      .toEqualTypeOf<{ address?: string; connectorId: string }>()
  })

  it('useAppKitSIWX and useAppKitUpdateEmail', () => {
    expectTypeOf<ReturnType<typeof useAppKitSIWX>>().toExtend<object | undefined>()
    expectTypeOf<
      ReturnType<ReturnType<typeof useAppKitUpdateEmail>['updateEmail']>
    >().toEqualTypeOf<Promise<{ email: string }>>()
  })

  it('useAppKitConnectors', () => {
    type Listed = ReturnType<typeof useAppKitConnectors>['connectors'][number]
    expectTypeOf<Listed>().toExtend<ConnectorInfo>()
    expectTypeOf<Listed['status']>().toEqualTypeOf<ConnectorStatus>()
  })

  it('useAppKitTokens and useAppKitActivity', () => {
    type Tokens = ReturnType<typeof useAppKitTokens>
    expectTypeOf<Tokens['tokens']>().toEqualTypeOf<TokenBalance[]>()
    expectTypeOf<Tokens['totalValue']>().toEqualTypeOf<number>()
    expectTypeOf<Tokens['refresh']>().toBeCallableWith({ force: true })
    type Activity = ReturnType<typeof useAppKitActivity>
    expectTypeOf<Activity['transactions']>().toEqualTypeOf<Transaction[]>()
    expectTypeOf<Activity['next']>().toEqualTypeOf<string | null>()
  })
})
