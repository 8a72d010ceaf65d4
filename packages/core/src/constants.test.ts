import { describe, expect, it } from 'vitest'
import { CAPABILITY_NAMES, SEND_CALLS_RECORD_TTL_S, SEND_CALLS_STATUS } from './constants/calls.ts'
import {
  ACCOUNT_NAME_MIN_LENGTH,
  NAME_COIN_TYPE_FLAG,
  NAME_MAX_CHAIN_ID_EXCLUSIVE,
  NAME_SUFFIX,
} from './constants/names.ts'
import { ONRAMP_FALLBACK_LIMITS, ONRAMP_PROVIDER_FEE_PERCENT } from './constants/onramp.ts'
import { SWAP_SLIPPAGE } from './constants/swap.ts'
import {
  ACCOUNT_TYPES,
  ANALYTICS_ALWAYS_SENT_EVENTS,
  ANALYTICS_ERROR_EVENTS_PER_MINUTE,
  ANALYTICS_FLUSH_INTERVAL_MS,
  ANALYTICS_MAX_BATCH_BYTES,
  BALANCE_DISPLAY_DECIMALS,
  BALANCE_RETRY_MS,
  CACHE_TTL_MS,
  CERTIFIED_PREFETCH_COUNT,
  CHAIN_NAMESPACES,
  COINBASE_PREFERENCE_DEFAULT,
  DEFAULT_REMOTE_FEATURES,
  DEFAULT_SDK_TYPE,
  DEFAULT_SDK_VERSION,
  DEFAULT_SOCIALS,
  DEFAULT_THEME_MODE,
  DEFAULT_WALLET_FEATURE_ORDER,
  EMAIL_LOGIN_COOLDOWN_MS,
  EMBEDDED_REQUEST_TIMEOUT_MS,
  EMBEDDED_WALLET_NAMESPACES,
  FARCASTER_BACK_RESYNC_DELAY_MS,
  FEATURED_WALLETS_COUNT,
  FRAME_LOAD_TIMEOUT_MS,
  HEARTBEAT_MS,
  IMAGE_PRELOAD_TIMEOUT_MS,
  LOG_BUFFER_BYTES,
  MODAL_SHAKE_MS,
  OAUTH_SOCIAL_PROVIDERS,
  PAIRING_EXPIRY_MARGIN_MS,
  PAIRING_LIFETIME_MS,
  PENDING_TRANSACTIONS_LIMIT,
  RECENT_WALLETS_MAX,
  RECOMMENDED_WALLETS_COUNT,
  REJECTION_CODES,
  REJECTION_MESSAGE_FRAGMENTS,
  SEARCH_DEBOUNCE_MS,
  SEARCH_RESULTS_MAX,
  SEND_SUPPORTED_NAMESPACES,
  SIGN_OUT_TIMEOUT_MS,
  SOCIAL_POPUP,
  STORAGE_PREFIX,
  TELEGRAM_HIDDEN_SOCIALS,
  TOAST_AUTO_CLOSE_MS,
  TOAST_SWAP_DELAY_MS,
  WALLET_PAGE_SIZE,
} from './constants.ts'

describe('constants: wallet list (§2, §9)', () => {
  it('uses the spec numbers', () => {
    expect(RECENT_WALLETS_MAX).toBe(2)
    expect(WALLET_PAGE_SIZE).toBe(40)
    expect(RECOMMENDED_WALLETS_COUNT).toBe(4)
    expect(SEARCH_RESULTS_MAX).toBe(100)
    expect(CERTIFIED_PREFETCH_COUNT).toBe(20)
    expect(FEATURED_WALLETS_COUNT).toBe(4)
    expect(SEARCH_DEBOUNCE_MS).toBe(300)
  })
})

describe('constants: modal, router and toast (§2, §4, §9)', () => {
  it('uses the spec numbers', () => {
    expect(MODAL_SHAKE_MS).toBe(500)
    expect(TOAST_SWAP_DELAY_MS).toBe(150)
    expect(FARCASTER_BACK_RESYNC_DELAY_MS).toBe(100)
  })

  it('auto-closes toasts after our own chosen 2200 ms', () => {
    expect(TOAST_AUTO_CLOSE_MS).toBe(2200)
  })
})

describe('constants: caches and timing (§4, §9)', () => {
  it('has the spec cache lifetimes', () => {
    expect(CACHE_TTL_MS).toEqual({
      portfolio: 30_000,
      nativeBalance: 30_000,
      name: 300_000,
      identity: 300_000,
      transactions: 15_000,
      tokenPrice: 15_000,
      latestKitVersion: 7 * 24 * 60 * 60 * 1000,
    })
  })

  it('has the spec retry, pairing and cooldown durations', () => {
    expect(BALANCE_RETRY_MS).toBe(30_000)
    expect(PAIRING_LIFETIME_MS).toBe(240_000)
    expect(PAIRING_EXPIRY_MARGIN_MS).toBe(10_000)
    expect(EMAIL_LOGIN_COOLDOWN_MS).toBe(30_000)
    expect(IMAGE_PRELOAD_TIMEOUT_MS).toBe(2000)
    expect(PENDING_TRANSACTIONS_LIMIT).toBe(99)
    expect(BALANCE_DISPLAY_DECIMALS).toBe(3)
  })
})

describe('constants: config defaults (§1, §3, §9)', () => {
  it('has the spec defaults', () => {
    expect(DEFAULT_SDK_VERSION).toBe('html-wagmi-4.2.2')
    expect(DEFAULT_SDK_TYPE).toBe('appkit')
    expect(COINBASE_PREFERENCE_DEFAULT).toBe('all')
    expect(DEFAULT_THEME_MODE).toBe('dark')
  })

  it('lists chain namespaces and account types', () => {
    expect(CHAIN_NAMESPACES).toEqual([
      'eip155',
      'solana',
      'polkadot',
      'bip122',
      'cosmos',
      'sui',
      'stacks',
    ])
    expect(EMBEDDED_WALLET_NAMESPACES).toEqual(['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'])
    expect(SEND_SUPPORTED_NAMESPACES).toEqual(['eip155', 'solana'])
    expect(ACCOUNT_TYPES).toEqual(['eoa', 'smartAccount'])
  })

  it('keeps the spec order of default socials and wallet features', () => {
    expect(DEFAULT_SOCIALS).toEqual([
      'google',
      'x',
      'farcaster',
      'discord',
      'apple',
      'github',
      'facebook',
    ])
    expect(OAUTH_SOCIAL_PROVIDERS).toEqual([
      'google',
      'github',
      'apple',
      'facebook',
      'x',
      'discord',
    ])
    expect(DEFAULT_WALLET_FEATURE_ORDER).toEqual(['onramp', 'swaps', 'receive', 'send'])
  })

  it('turns on swaps, onramp, email, socials and activity by default', () => {
    expect(DEFAULT_REMOTE_FEATURES).toEqual({
      swaps: true,
      onramp: true,
      email: true,
      socials: DEFAULT_SOCIALS,
      activity: true,
      emailCapture: false,
    })
  })

  it('hides socials per Telegram platform', () => {
    expect(TELEGRAM_HIDDEN_SOCIALS).toEqual({
      ios: ['google'],
      mac: ['x'],
      android: ['facebook', 'x'],
    })
  })
})

describe('constants: send, swap, onramp, names (§4, §5, §9)', () => {
  it('has the spec values', () => {
    expect(SEND_CALLS_STATUS).toEqual({
      pending: 100,
      success: 200,
      failure: 500,
      partialFailure: 600,
    })
    expect(SEND_CALLS_RECORD_TTL_S).toBe(86_400)
    expect(CAPABILITY_NAMES).toEqual([
      'atomic',
      'flow-control',
      'paymasterService',
      'sessionKeys',
      'auxiliaryFunds',
    ])
    expect(SWAP_SLIPPAGE).toBe(1)
    expect(ONRAMP_FALLBACK_LIMITS).toEqual({
      card: { min: 10, max: 7500 },
      bankAccount: { min: 10, max: 25_000 },
    })
    expect(ONRAMP_PROVIDER_FEE_PERCENT).toEqual({ min: 1, max: 2 })
    expect(NAME_SUFFIX).toBe('.reown.id')
    expect(ACCOUNT_NAME_MIN_LENGTH).toBe(4)
    expect(NAME_COIN_TYPE_FLAG).toBe(0x80000000)
    expect(NAME_MAX_CHAIN_ID_EXCLUSIVE).toBe(2147483648)
  })
})

describe('constants: embedded wallet (§9)', () => {
  it('has the spec timeouts and sizes', () => {
    expect(FRAME_LOAD_TIMEOUT_MS).toBe(20_000)
    expect(EMBEDDED_REQUEST_TIMEOUT_MS).toBe(120_000)
    expect(SIGN_OUT_TIMEOUT_MS).toBe(3000)
    expect(SOCIAL_POPUP).toEqual({ width: 600, height: 800, pollMs: 1000 })
    expect(HEARTBEAT_MS).toBe(5000)
    expect(LOG_BUFFER_BYTES).toBe(1_048_576)
  })
})

describe('constants: rejection, analytics, storage (§3, §7, §8)', () => {
  it('has the spec values', () => {
    expect(REJECTION_CODES).toEqual([4001, 5000, 5002])
    expect(REJECTION_MESSAGE_FRAGMENTS).toEqual([
      'user rejected',
      'user cancelled',
      'user canceled',
    ])
    expect(ANALYTICS_FLUSH_INTERVAL_MS).toBe(10_000)
    expect(ANALYTICS_MAX_BATCH_BYTES).toBe(45 * 1024)
    expect(ANALYTICS_ERROR_EVENTS_PER_MINUTE).toBe(5)
    expect(ANALYTICS_ALWAYS_SENT_EVENTS).toEqual([
      'INITIALIZE',
      'CONNECT_SUCCESS',
      'SOCIAL_LOGIN_SUCCESS',
    ])
    expect(STORAGE_PREFIX).toBe('@latchkey/')
  })
})
