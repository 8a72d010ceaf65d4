// Every app event's request and reply, field by field: what each side keeps, and what it refuses.
import { describe, expect, it } from 'vitest'
import { passkeyEvents } from '../app/testing/passkeyEvents.ts'
import { APP_EVENT_TYPES, AppEvents, type AppEventType } from './appEvents.ts'
import {
  ACCOUNT_TYPES,
  EMAIL_ACTIONS,
  EMAIL_CHANGE_ACTIONS,
  EMBEDDED_NAMESPACES,
  LOGIN_PROVIDERS,
  SOCIAL_PROVIDERS,
} from './fields.ts'

const siwx = {
  accountAddress: '0xabc',
  chainId: 'eip155:1',
  domain: 'app.example',
  uri: 'https://app.example',
  version: '1',
  nonce: 'n0nce',
  issuedAt: '2026-01-01T00:00:00Z',
  statement: 'Sign in',
  expirationTime: '2026-01-02T00:00:00Z',
  notBefore: '2026-01-01T00:00:00Z',
  requestId: 'r1',
  resources: ['https://app.example/terms'],
}
const user = {
  email: 'a@b.example',
  address: '0xabc',
  chainId: 1,
  accounts: [{ address: '0xabc', type: 'EOA', namespace: 'eip155' }],
  userName: 'alice',
  preferredAccountType: 'eoa',
  signature: '0xsig',
  message: 'hello',
  smartAccountDeployed: false,
  siwxMessage: siwx,
  solanaAddress: 'So1ana',
  socialProvider: 'google',
}
const rpcUrl = 'https://rpc.example/v1'

/** A request and a reply with every field each may carry */
const FULL: Record<AppEventType, { request: object; reply: object }> = {
  APP_SWITCH_NETWORK: { request: { chainId: 1, rpcUrl }, reply: { chainId: 'mainnet' } },
  APP_CONNECT_EMAIL: { request: { email: 'a@b.example' }, reply: { action: 'VERIFY_OTP' } },
  APP_CONNECT_DEVICE: { request: {}, reply: {} },
  APP_CONNECT_OTP: { request: { otp: '123456' }, reply: {} },
  APP_CONNECT_SOCIAL: {
    request: {
      uri: 'https://frame.example/cb?code=1',
      preferredAccountType: 'smartAccount',
      chainId: 1,
      siwxMessage: siwx,
      rpcUrl,
    },
    reply: user,
  },
  APP_CONNECT_TELEGRAM: {
    request: { initData: 'query_id=1', preferredAccountType: 'eoa', chainId: 10, rpcUrl },
    reply: user,
  },
  APP_GET_FARCASTER_URI: { request: {}, reply: { url: 'https://farcaster.example/x' } },
  APP_CONNECT_FARCASTER: {
    request: { preferredAccountType: 'eoa', chainId: 10, siwxMessage: siwx, rpcUrl },
    reply: user,
  },
  ...passkeyEvents(user, rpcUrl),
  APP_GET_USER: { request: { chainId: 'eip155' }, reply: user },
  APP_GET_SOCIAL_REDIRECT_URI: {
    request: { provider: 'github' },
    reply: { uri: 'https://github.example/auth' },
  },
  APP_SIGN_OUT: { request: {}, reply: {} },
  APP_SIGN_OUT_EVERYWHERE: { request: {}, reply: {} },
  APP_IS_CONNECTED: { request: { token: 't' }, reply: { isConnected: true } },
  APP_GET_CHAIN_ID: { request: {}, reply: { chainId: 1 } },
  APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS: {
    request: {},
    reply: { smartAccountEnabledNetworks: [1, 8453] },
  },
  APP_INIT_SMART_ACCOUNT: { request: {}, reply: { address: '0xabc', isDeployed: true } },
  APP_SET_PREFERRED_ACCOUNT: {
    request: { type: 'smartAccount' },
    reply: { type: 'eoa', address: '0xabc' },
  },
  APP_RPC_REQUEST: {
    request: {
      method: 'eth_call',
      params: [{ to: '0x1' }],
      chainId: 1,
      chainNamespace: 'solana',
      rpcUrl,
    },
    reply: { result: { any: 'thing' } },
  },
  APP_UPDATE_EMAIL: { request: { email: 'c@d.example' }, reply: { action: 'VERIFY_PRIMARY_OTP' } },
  APP_UPDATE_EMAIL_PRIMARY_OTP: {
    request: { otp: '1234' },
    reply: { action: 'VERIFY_SECONDARY_OTP' },
  },
  APP_UPDATE_EMAIL_SECONDARY_OTP: {
    request: { otp: '0000000000' },
    reply: { email: 'c@d.example' },
  },
  APP_SYNC_THEME: {
    request: {
      themeMode: 'light',
      themeVariables: { '--accent': '#fff', '--radius': 8 },
      locale: 'pt-BR',
    },
    reply: {},
  },
  APP_SYNC_DAPP_DATA: {
    request: {
      projectId: 'p',
      sdkVersion: '1.0.0',
      sdkType: 'latchkey',
      metadata: {
        name: 'App',
        description: 'An app',
        url: 'https://app.example',
        icons: ['https://app.example/icon.png'],
      },
    },
    reply: {},
  },
  APP_RELOAD: { request: {}, reply: {} },
  APP_RPC_ABORT: { request: {}, reply: {} },
}

/** For each event, values that break its request (field → a wrong value) */
const BAD_REQUESTS: Partial<Record<AppEventType, Record<string, unknown>[]>> = {
  APP_SWITCH_NETWORK: [{ chainId: 0 }, { chainId: 1, rpcUrl: 'ftp://x' }, { chainId: 1.5 }, {}],
  APP_CONNECT_EMAIL: [{}, { email: 'x'.repeat(321) }],
  APP_CONNECT_OTP: [{}, { otp: 'abcd' }, { otp: '123' }, { otp: '12345678901' }],
  APP_CONNECT_SOCIAL: [
    {},
    { uri: 'x', preferredAccountType: 'EOA' },
    { uri: 'x', chainId: -1 },
    { uri: 'x', rpcUrl: 'javascript:alert(1)' },
    { uri: 'x', siwxMessage: { ...siwx, nonce: 7 } },
    { uri: 'x'.repeat(4097) },
  ],
  APP_CONNECT_TELEGRAM: [
    {},
    { initData: 'x', preferredAccountType: 'smart' },
    { initData: 'x', chainId: 'a b' },
    { initData: 'x', rpcUrl: 'http://' },
  ],
  APP_GET_USER: [{ chainId: '' }],
  APP_GET_SOCIAL_REDIRECT_URI: [{}, { provider: 'myspace' }, { provider: 'telegram' }],
  APP_IS_CONNECTED: [{ token: 't'.repeat(129) }, { token: 1 }],
  APP_SET_PREFERRED_ACCOUNT: [{}, { type: 'SMART_ACCOUNT' }],
  APP_RPC_REQUEST: [
    {},
    { method: 'eth call' },
    { method: 'x'.repeat(65) },
    { method: 'eth_call', chainNamespace: 'sui' },
    { method: 'eth_call', rpcUrl: 'file:///etc/passwd' },
  ],
  APP_UPDATE_EMAIL: [{}, { email: 5 }],
  APP_UPDATE_EMAIL_PRIMARY_OTP: [{}, { otp: 'one' }],
  APP_UPDATE_EMAIL_SECONDARY_OTP: [{}, { otp: '' }],
  APP_SYNC_THEME: [
    { themeMode: 'system' },
    { themeVariables: { '--accent': true } },
    { themeVariables: { ['x'.repeat(65)]: 'a' } },
    { locale: 'de"><img src=x>' },
    { locale: '../locales/de' },
    { locale: 'd' },
  ],
  APP_SYNC_DAPP_DATA: [
    { projectId: 'p'.repeat(65) },
    { metadata: { icons: Array.from({ length: 9 }, () => 'https://a.example/i.png') } },
    { metadata: { name: 1 } },
    { metadata: { url: 'u'.repeat(2049) } },
  ],
}

const parse = (
  schema: { safeParse(value: unknown): { success: boolean; data?: unknown } },
  v: unknown,
) => schema.safeParse(v)

describe('every app event, field by field', () => {
  it('covers every event of the table', () => {
    expect(Object.keys(FULL).sort()).toEqual([...APP_EVENT_TYPES].sort())
  })

  it.each(APP_EVENT_TYPES)('%s keeps every field of its request and its reply', (type) => {
    const { request, reply } = FULL[type]
    expect(parse(AppEvents[type].request, request)).toEqual({ success: true, data: request })
    expect(parse(AppEvents[type].reply, reply)).toEqual({ success: true, data: reply })
  })

  it.each(
    Object.entries(BAD_REQUESTS).flatMap(([type, bad]) =>
      (bad ?? []).map((payload) => [type, JSON.stringify(payload).slice(0, 60), payload] as const),
    ),
  )('%s refuses %s', (type, _, payload) => {
    expect(parse(AppEvents[type as AppEventType].request, payload).success).toBe(false)
  })

  it('a user is refused without its address, chain, accounts or deployment flag, or with a wrong kind of field', () => {
    const reply = AppEvents.APP_GET_USER.reply
    for (const key of ['address', 'chainId', 'accounts', 'smartAccountDeployed']) {
      const { [key as keyof typeof user]: _, ...without } = user
      expect(parse(reply, without).success, key).toBe(false)
    }
    for (const wrong of [
      { email: 'e'.repeat(321) },
      { accounts: [{ address: '0x1', type: 'eoa' }] },
      { accounts: [{ address: '0x1', type: 'EOA', namespace: 'sui' }] },
      { userName: 'u'.repeat(257) },
      { preferredAccountType: 'EOA' },
      { signature: 's'.repeat(1025) },
      { message: 'm'.repeat(8193) },
      { smartAccountDeployed: 'no' },
      { solanaAddress: 's'.repeat(65) },
      { socialProvider: 'myspace' },
      { siwxMessage: { ...siwx, resources: Array.from({ length: 65 }, () => 'r') } },
    ]) {
      expect(parse(reply, { ...user, ...wrong }).success, JSON.stringify(wrong)).toBe(false)
    }
    // Nullable where the spec lets the frame not know: no email, no user name.
    expect(parse(reply, { ...user, email: null, userName: null }).success).toBe(true)
  })

  it('replies are checked too: an unknown action, type or a wrong kind of value is refused', () => {
    const refused: [AppEventType, unknown][] = [
      ['APP_CONNECT_EMAIL', { action: 'VERIFY_PRIMARY_OTP' }],
      ['APP_UPDATE_EMAIL', { action: 'CONNECT' }],
      ['APP_IS_CONNECTED', { isConnected: 'yes' }],
      ['APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS', { smartAccountEnabledNetworks: ['1'] }],
      ['APP_INIT_SMART_ACCOUNT', { address: '0x1', isDeployed: 1 }],
      ['APP_SET_PREFERRED_ACCOUNT', { type: 'eoa' }],
      ['APP_GET_FARCASTER_URI', {}],
      ['APP_GET_SOCIAL_REDIRECT_URI', { uri: 7 }],
      ['APP_UPDATE_EMAIL_SECONDARY_OTP', {}],
    ]
    for (const [type, reply] of refused) {
      expect(parse(AppEvents[type].reply, reply).success, type).toBe(false)
    }
  })
})

describe('the enumerations, value by value', () => {
  const accepts = (type: AppEventType, payload: object) =>
    parse(AppEvents[type].request, payload).success

  it('every social provider has a redirect URI; Farcaster and Telegram sign in their own ways', () => {
    expect(SOCIAL_PROVIDERS).toEqual(['google', 'github', 'apple', 'facebook', 'x', 'discord'])
    for (const provider of SOCIAL_PROVIDERS) {
      expect(accepts('APP_GET_SOCIAL_REDIRECT_URI', { provider }), provider).toBe(true)
    }
    expect(accepts('APP_GET_SOCIAL_REDIRECT_URI', { provider: 'farcaster' })).toBe(false)
    expect(LOGIN_PROVIDERS).toEqual([...SOCIAL_PROVIDERS, 'farcaster', 'telegram'])
    for (const socialProvider of LOGIN_PROVIDERS) {
      const parsed = parse(AppEvents.APP_GET_USER.reply, { ...user, socialProvider })
      expect(parsed.success, socialProvider).toBe(true)
    }
  })

  it('every account type, namespace and email action is accepted where it belongs', () => {
    for (const type of ACCOUNT_TYPES) {
      expect(accepts('APP_SET_PREFERRED_ACCOUNT', { type })).toBe(true)
    }
    for (const chainNamespace of EMBEDDED_NAMESPACES) {
      expect(accepts('APP_RPC_REQUEST', { method: 'eth_call', chainNamespace })).toBe(true)
    }
    expect(EMBEDDED_NAMESPACES).toEqual(['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'])
    for (const action of EMAIL_ACTIONS) {
      expect(parse(AppEvents.APP_CONNECT_EMAIL.reply, { action }).success).toBe(true)
    }
    expect(EMAIL_ACTIONS).toEqual(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT'])
    for (const action of EMAIL_CHANGE_ACTIONS) {
      expect(parse(AppEvents.APP_UPDATE_EMAIL.reply, { action }).success).toBe(true)
    }
    for (const themeMode of ['light', 'dark']) {
      expect(accepts('APP_SYNC_THEME', { themeMode })).toBe(true)
    }
    const smart = { ...user, accounts: [{ address: '0x1', type: 'SMART_ACCOUNT' }] }
    expect(parse(AppEvents.APP_GET_USER.reply, smart).success).toBe(true)
  })

  it('chain ids: a positive integer, or a name of letters, digits, - and _', () => {
    for (const chainId of [1, 8453, 'mainnet', 'eip155_1', 'a-b', 'x'.repeat(64)]) {
      expect(accepts('APP_SWITCH_NETWORK', { chainId }), String(chainId)).toBe(true)
    }
    for (const chainId of [0, -1, 1.5, '', 'a b', 'a:b', 'x'.repeat(65), null]) {
      expect(accepts('APP_SWITCH_NETWORK', { chainId }), String(chainId)).toBe(false)
    }
  })

  it('URLs are http(s) without spaces; codes are 4 to 10 digits', () => {
    for (const rpcUrl of ['http://127.0.0.1:8545', 'https://rpc.example/a?b=c']) {
      expect(accepts('APP_SWITCH_NETWORK', { chainId: 1, rpcUrl })).toBe(true)
    }
    for (const rpcUrl of ['https://a b', ' https://a', 'https://a\n', 'HTTPS:/a', 'wss://a']) {
      expect(accepts('APP_SWITCH_NETWORK', { chainId: 1, rpcUrl }), rpcUrl).toBe(false)
    }
    for (const otp of ['1234', '0123456789']) expect(accepts('APP_CONNECT_OTP', { otp })).toBe(true)
    for (const otp of ['123', '12345678901', '12 34', '1234a', 'a1234']) {
      expect(accepts('APP_CONNECT_OTP', { otp }), otp).toBe(false)
    }
  })
})
