import { describe, expect, it } from 'vitest'
import {
  AppKitError,
  ErrorText,
  isUserRejectedError,
  SetupAlerts,
  setupAlertForProviderMessage,
  toUserMessage,
} from './errors.ts'

describe('ErrorText', () => {
  it('has the texts of §4, §5 and §6', () => {
    expect(ErrorText.errorSigningMessage).toBe('Error signing message')
    expect(ErrorText.siwxInitFailed).toBe(
      'A problem occurred while trying initialize authentication',
    )
    expect(ErrorText.invalidChainId).toBe('Invalid chainId')
    expect(ErrorText.invalidCaipAddress).toBe('Invalid CAIP Address')
    expect(ErrorText.amountAndReceiverRequired).toBe('An amount and receiver address are required')
    expect(ErrorText.tokenRequired).toBe('A token is required')
    expect(ErrorText.unsupportedChain).toBe('Unsupported chain')
    expect(ErrorText.invalidEmail).toBe('Please enter a valid email address')
    expect(ErrorText.rpcNotAllowed).toBe('Requested RPC call is not allowed')
    expect(ErrorText.actionNotAllowed).toBe('Action not allowed')
  })

  it('has the texts of the §8 catalogue', () => {
    expect(ErrorText.failedToFetchTransactions).toBe('Failed to fetch transactions')
    expect(ErrorText.tokenBalanceUnavailable).toBe('Token Balance Unavailable')
    expect(ErrorText.gasPriceNetworkNotSupported).toBe('Network not supported for Gas Price')
    expect(ErrorText.swapsNetworkNotSupported).toBe('Network not supported for Swaps')
    expect(ErrorText.networkNotFound).toBe('Network not found')
    expect(ErrorText.addressOrAuthConnectorNotFound).toBe('Address or auth connector not found')
    expect(ErrorText.errorResolvingName).toBe('Error resolving name')
    expect(ErrorText.errorFetchingNameSuggestions).toBe('Error fetching name suggestions')
    expect(ErrorText.errorFetchingNamesForAddress).toBe('Error fetching names for address')
    expect(ErrorText.siwxNotEnabled).toBe('SIWX is not enabled')
    expect(ErrorText.noActiveCaipAddress).toBe('No ActiveCaipAddress found')
    expect(ErrorText.noActiveCaipNetworkOrClient).toBe('No ActiveCaipNetwork or client found')
    expect(ErrorText.noConnectionControllerClient).toBe('No ConnectionController client found')
    expect(ErrorText.userRejected).toBe('User rejected the request')
    expect(ErrorText.providerOriginNotAllowed).toBe('Unauthorized: origin not allowed')
    expect(ErrorText.providerJwtNotYetValid).toBe(
      'JWT validation error: JWT Token is not yet valid',
    )
    expect(ErrorText.providerInvalidKey).toBe('Unauthorized: invalid key')
    expect(ErrorText.insufficientLiquidity).toBe('Insufficient liquidity')
  })

  it("has the §8 'Others' texts", () => {
    expect(ErrorText.callConnectBeforeRequest).toBe('Please call connect() before request()')
    expect(ErrorText.callStatusNotApproved).toBe('Fetching call status not approved by the wallet.')
    expect(ErrorText.emailLoginDependencyFailed).toBe('Unable to load email login dependency')
    expect(ErrorText.chainNotApproved('eip155:10')).toBe('Chain eip155:10 is not approved')
    expect(ErrorText.requestAborted).toBe('Request was aborted')
    expect(ErrorText.somethingWentWrong).toBe('Something went wrong')
    expect(ErrorText.anErrorOccurred).toBe('An error occurred')
    expect(ErrorText.modalClosed).toBe('Modal closed')
    expect(ErrorText.connectionRejected).toBe('Connection rejected')
    expect(ErrorText.failedToConnect).toBe('Failed to connect')
    expect(ErrorText.popupClosed).toBe('Popup closed')
    expect(ErrorText.failedToInitiateSocialConnection).toBe('Failed to initiate social connection')
    expect(ErrorText.failedToConnectToFarcaster).toBe('Failed to connect to farcaster')
    expect(ErrorText.untrustedOrigin).toBe('Untrusted Origin')
    expect(ErrorText.noAuthConnector).toBe('No auth connector found')
    expect(ErrorText.notConnectedToEmailOrSocial).toBe('Not connected to email or social')
  })

  it('fills in parameterised texts', () => {
    expect(ErrorText.invalidCaip10Address('eip155:1')).toBe('Invalid CAIP-10 address: eip155:1')
    expect(ErrorText.invalidCaip2NetworkId('eip155')).toBe('Invalid CAIP-2 network id: eip155')
    expect(ErrorText.httpStatus(503)).toBe('HTTP status code: 503')
    expect(ErrorText.tryAgainAfter(12)).toBe('Please try again after 12 seconds')
    expect(ErrorText.errorRegisteringName('alice.reown.id')).toBe(
      'Error registering name alice.reown.id',
    )
  })
})

describe('SetupAlerts', () => {
  it('has the §8 codes and short messages', () => {
    const shortMessages = Object.fromEntries(
      Object.values(SetupAlerts).map((alert) => [alert.code, alert.shortMessage]),
    )
    expect(shortMessages).toEqual({
      APKT001: 'Network Not Found',
      APKT002: 'Invalid App Configuration',
      APKT003: 'Network Error: Wallet Load Failed',
      APKT004: 'Wallet Request Timeout',
      APKT005: 'Unverified Domain',
      APKT006: 'Session Expired',
      APKT007: 'Invalid Project ID',
      APKT008: 'Project ID Missing',
      APKT009: 'Server Error',
      APKT010: 'Rate Limited',
      APKTW001: 'Inactive Namespace Not Connected',
      APKTW002: 'Invalid Email Address',
    })
  })

  it('keys every alert by its own code, with a long message', () => {
    for (const [key, alert] of Object.entries(SetupAlerts)) {
      expect(alert.code).toBe(key)
      expect(alert.longMessage.length).toBeGreaterThan(0)
    }
  })

  it('maps the §8 provider texts to their alerts', () => {
    expect(setupAlertForProviderMessage('Unauthorized: origin not allowed')).toBe(
      SetupAlerts.APKT002,
    )
    expect(
      setupAlertForProviderMessage('Error: JWT validation error: JWT Token is not yet valid'),
    ).toBe(SetupAlerts.APKT006)
    expect(setupAlertForProviderMessage('Unauthorized: invalid key')).toBe(SetupAlerts.APKT007)
    expect(setupAlertForProviderMessage('Something else')).toBeUndefined()
  })
})

describe('AppKitError', () => {
  it('is an Error with an optional code and cause', () => {
    const cause = new Error('inner')
    const error = new AppKitError('Network not found', { code: 'APKT001', cause })
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('AppKitError')
    expect(error.message).toBe('Network not found')
    expect(error.code).toBe('APKT001')
    expect(error.cause).toBe(cause)
    expect(new AppKitError('x').code).toBeUndefined()
  })
})

describe('isUserRejectedError (§8 Rejection)', () => {
  it.each([4001, 5000, 5002])('is true for code %i', (code) => {
    expect(isUserRejectedError({ code })).toBe(true)
    expect(isUserRejectedError(Object.assign(new Error('nope'), { code }))).toBe(true)
  })

  it('is false for other codes', () => {
    expect(isUserRejectedError({ code: 4100 })).toBe(false)
    expect(isUserRejectedError({ code: '4001' })).toBe(false)
    expect(isUserRejectedError(new Error('Network error'))).toBe(false)
  })

  it.each([
    'User rejected the request.',
    'USER REJECTED transaction',
    'The user cancelled the login',
    'User Canceled',
  ])('is true for the message %j', (message) => {
    expect(isUserRejectedError(new Error(message))).toBe(true)
    expect(isUserRejectedError({ message })).toBe(true)
    expect(isUserRejectedError(message)).toBe(true)
  })

  it('follows .cause chains up to depth 5', () => {
    const nest = (depth: number): unknown => {
      let error: unknown = { code: 4001 }
      for (let i = 0; i < depth; i++) error = new Error(`wrapper ${i}`, { cause: error })
      return error
    }
    expect(isUserRejectedError(nest(1))).toBe(true)
    expect(isUserRejectedError(nest(5))).toBe(true)
    expect(isUserRejectedError(nest(6))).toBe(false)
  })

  it('stops on circular causes', () => {
    const error: { message: string; cause?: unknown } = { message: 'loop' }
    error.cause = error
    expect(isUserRejectedError(error)).toBe(false)
  })

  it('never throws on odd input', () => {
    const throwing = {
      get code(): number {
        throw new Error('getter')
      },
      get message(): string {
        throw new Error('getter')
      },
      get cause(): unknown {
        throw new Error('getter')
      },
    }
    const hostileProxy = new Proxy(
      {},
      {
        get() {
          throw new Error('trap')
        },
      },
    )
    for (const value of [null, undefined, 0, 4001, '', 'x', true, Symbol('s'), [], throwing]) {
      expect(isUserRejectedError(value)).toBe(false)
    }
    expect(isUserRejectedError(hostileProxy)).toBe(false)
    expect(isUserRejectedError({ message: 42, code: null })).toBe(false)
  })
})

describe('toUserMessage', () => {
  it('returns the rejection default for rejections', () => {
    expect(toUserMessage({ code: 4001, message: 'raw' }, 'Failed to connect')).toBe(
      'User rejected the request',
    )
  })

  it("returns the error's own message", () => {
    expect(toUserMessage(new Error('Insufficient liquidity'), 'Something went wrong')).toBe(
      'Insufficient liquidity',
    )
    expect(toUserMessage('Popup closed', 'Something went wrong')).toBe('Popup closed')
  })

  it('falls back when there is no usable message', () => {
    const fallback = ErrorText.somethingWentWrong
    expect(toUserMessage(new Error(''), fallback)).toBe(fallback)
    expect(toUserMessage(new Error('   '), fallback)).toBe(fallback)
    expect(toUserMessage({ message: 3 }, fallback)).toBe(fallback)
    expect(toUserMessage(null, fallback)).toBe(fallback)
    expect(toUserMessage(undefined, fallback)).toBe(fallback)
    expect(toUserMessage(42, fallback)).toBe(fallback)
  })
})
