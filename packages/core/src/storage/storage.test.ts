import { afterEach, describe, expect, it, vi } from 'vitest'
import { MemoryStorage } from './memoryStorage.ts'
import { createAppKitStorage, getBrowserStorage } from './storage.ts'
import type { RecentWallet } from './storageEntries.ts'
import { type KeyValueStorage, StorageKeys } from './storageKeys.ts'

class ThrowingStorage implements KeyValueStorage {
  getItem(): string | null {
    throw new DOMException('The operation is insecure.', 'SecurityError')
  }

  setItem(): void {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
  }

  removeItem(): void {
    throw new DOMException('The operation is insecure.', 'SecurityError')
  }
}

function setup() {
  const backend = new MemoryStorage()
  const log = vi.fn()
  const storage = createAppKitStorage(backend, log)
  return { backend, log, storage }
}

const metamask: RecentWallet = { id: 'metamask', name: 'MetaMask', rdns: 'io.metamask' }
const rainbow: RecentWallet = { id: 'rainbow', name: 'Rainbow', imageUrl: 'https://img/rainbow' }
const trust: RecentWallet = { id: 'trust', name: 'Trust Wallet' }

describe('StorageKeys', () => {
  it('prefixes every key with @latchkey/', () => {
    const keys = Object.values(StorageKeys).map((key) =>
      typeof key === 'function' ? key('eip155') : key,
    )
    for (const key of keys) expect(key.startsWith('@latchkey/')).toBe(true)
    expect(new Set(keys).size).toBe(keys.length)
    expect(StorageKeys.connectedConnectorId('solana')).toBe(
      '@latchkey/connected_connector_id:solana',
    )
  })
})

describe('createAppKitStorage with a working backend', () => {
  it('round-trips the active namespace and CAIP network id', () => {
    const { storage, backend } = setup()
    expect(storage.getActiveNamespace()).toBeUndefined()
    storage.setActiveNamespace('solana')
    storage.setActiveCaipNetworkId('eip155:1')
    expect(backend.getItem(StorageKeys.activeNamespace)).toBe('solana')
    expect(storage.getActiveNamespace()).toBe('solana')
    expect(storage.getActiveCaipNetworkId()).toBe('eip155:1')
    storage.removeActiveNamespace()
    storage.removeActiveCaipNetworkId()
    expect(storage.getActiveNamespace()).toBeUndefined()
    expect(storage.getActiveCaipNetworkId()).toBeUndefined()
  })

  it('keeps at most 2 recent wallets, newest first, deduplicated by id', () => {
    const { storage } = setup()
    expect(storage.getRecentWallets()).toEqual([])
    storage.addRecentWallet(metamask)
    storage.addRecentWallet(rainbow)
    expect(storage.getRecentWallets()).toEqual([rainbow, metamask])
    storage.addRecentWallet(metamask)
    expect(storage.getRecentWallets()).toEqual([metamask, rainbow])
    storage.addRecentWallet(trust)
    expect(storage.getRecentWallets()).toEqual([trust, metamask])
    storage.clearRecentWallets()
    expect(storage.getRecentWallets()).toEqual([])
  })

  it('stores only the recent-wallet fields', () => {
    const { storage, backend } = setup()
    const directoryEntry = { ...metamask, chains: ['eip155:1'], mobile_link: 'metamask://' }
    storage.addRecentWallet(directoryEntry)
    storage.setRecentWallet(directoryEntry)
    expect(JSON.parse(backend.getItem(StorageKeys.recentWallets) ?? '')).toEqual([metamask])
    expect(storage.getRecentWallet()).toEqual(metamask)
    storage.removeRecentWallet()
    expect(storage.getRecentWallet()).toBeUndefined()
  })

  it('keeps a connector id per namespace', () => {
    const { storage } = setup()
    storage.setConnectedConnectorId('eip155', 'injected')
    storage.setConnectedConnectorId('solana', 'phantom')
    expect(storage.getConnectedConnectorId('eip155')).toBe('injected')
    expect(storage.getConnectedConnectorId('solana')).toBe('phantom')
    storage.removeConnectedConnectorId('eip155')
    expect(storage.getConnectedConnectorId('eip155')).toBeUndefined()
    expect(storage.getConnectedConnectorId('solana')).toBe('phantom')
  })

  it('round-trips social provider, username, Telegram provider and connection status', () => {
    const { storage } = setup()
    storage.setConnectedSocialProvider('github')
    storage.setConnectedSocialUsername('octocat')
    storage.setTelegramSocialProvider('x')
    storage.setConnectionStatus('reconnecting')
    expect(storage.getConnectedSocialProvider()).toBe('github')
    expect(storage.getConnectedSocialUsername()).toBe('octocat')
    expect(storage.getTelegramSocialProvider()).toBe('x')
    expect(storage.getConnectionStatus()).toBe('reconnecting')
    storage.removeConnectedSocialProvider()
    storage.removeConnectedSocialUsername()
    storage.removeTelegramSocialProvider()
    storage.removeConnectionStatus()
    expect(storage.getConnectedSocialProvider()).toBeUndefined()
    expect(storage.getConnectedSocialUsername()).toBeUndefined()
    expect(storage.getTelegramSocialProvider()).toBeUndefined()
    expect(storage.getConnectionStatus()).toBeUndefined()
  })

  it('keeps connected namespaces as a deduplicated comma list', () => {
    const { storage, backend } = setup()
    storage.addConnectedNamespace('eip155')
    storage.addConnectedNamespace('solana')
    storage.addConnectedNamespace('eip155')
    expect(backend.getItem(StorageKeys.connectedNamespaces)).toBe('eip155,solana')
    expect(storage.getConnectedNamespaces()).toEqual(['eip155', 'solana'])
    storage.removeConnectedNamespace('eip155')
    expect(storage.getConnectedNamespaces()).toEqual(['solana'])
    storage.removeConnectedNamespace('solana')
    expect(backend.getItem(StorageKeys.connectedNamespaces)).toBeNull()
    storage.addConnectedNamespace('bip122')
    storage.clearConnectedNamespaces()
    expect(storage.getConnectedNamespaces()).toEqual([])
  })

  it('deduplicates and filters a hand-edited namespace list', () => {
    const { storage, backend, log } = setup()
    backend.setItem(StorageKeys.connectedNamespaces, 'eip155,foo,eip155,,solana')
    expect(storage.getConnectedNamespaces()).toEqual(['eip155', 'solana'])
    expect(log).toHaveBeenCalled()
  })

  it('keeps a social username of at most 256 characters', () => {
    const { storage, backend, log } = setup()
    storage.setConnectedSocialUsername('a'.repeat(257))
    expect(backend.getItem(StorageKeys.connectedSocialUsername)).toBeNull()
    backend.setItem(StorageKeys.connectedSocialUsername, 'b'.repeat(300))
    expect(storage.getConnectedSocialUsername()).toBeUndefined()
    expect(log).toHaveBeenCalledTimes(2)
    storage.setConnectedSocialUsername('Alice Example')
    expect(storage.getConnectedSocialUsername()).toBe('Alice Example')
  })

  it('refuses to write an unknown social provider or account type', () => {
    const { storage, backend } = setup()
    storage.setConnectedSocialProvider('myspace' as never)
    storage.setTelegramSocialProvider('myspace' as never)
    storage.setPreferredAccountType('eip155', 'multisig' as never)
    expect(backend.getItem(StorageKeys.connectedSocialProvider)).toBeNull()
    expect(backend.getItem(StorageKeys.telegramSocialProvider)).toBeNull()
    expect(backend.getItem(StorageKeys.preferredAccountTypes)).toBeNull()
  })

  it('keeps preferred account types per namespace', () => {
    const { storage } = setup()
    expect(storage.getPreferredAccountTypes()).toEqual({})
    storage.setPreferredAccountType('eip155', 'smartAccount')
    storage.setPreferredAccountType('solana', 'eoa')
    expect(storage.getPreferredAccountType('eip155')).toBe('smartAccount')
    expect(storage.getPreferredAccountTypes()).toEqual({ eip155: 'smartAccount', solana: 'eoa' })
    expect(storage.getPreferredAccountType('cosmos')).toBeUndefined()
  })

  it('keeps connections per namespace', () => {
    const { storage, backend } = setup()
    const connections = [{ connectorId: 'injected', accounts: [{ address: '0xabc' }] }]
    storage.setConnections('eip155', connections)
    storage.setConnections('solana', [{ connectorId: 'phantom', accounts: [] }])
    expect(storage.getConnections('eip155')).toEqual(connections)
    expect(storage.getConnections('cosmos')).toEqual([])
    storage.removeConnections('eip155')
    storage.removeConnections('solana')
    expect(storage.getConnections('eip155')).toEqual([])
    expect(backend.getItem(StorageKeys.connections)).toBeNull()
  })

  it('keeps disconnected connector ids per namespace', () => {
    const { storage } = setup()
    storage.addDisconnectedConnectorId('eip155', 'injected')
    storage.addDisconnectedConnectorId('eip155', 'injected')
    storage.addDisconnectedConnectorId('eip155', 'walletConnect')
    storage.addDisconnectedConnectorId('solana', 'phantom')
    expect(storage.getDisconnectedConnectorIds('eip155')).toEqual(['injected', 'walletConnect'])
    storage.removeDisconnectedConnectorId('eip155', 'injected')
    expect(storage.getDisconnectedConnectorIds('eip155')).toEqual(['walletConnect'])
    expect(storage.getDisconnectedConnectorIds('solana')).toEqual(['phantom'])
    expect(storage.getDisconnectedConnectorIds('sui')).toEqual([])
  })

  it('round-trips the deep link choice and the latest kit version', () => {
    const { storage } = setup()
    storage.setDeepLinkChoice({ href: 'metamask://', name: 'MetaMask' })
    storage.setLatestKitVersion({ version: '1.2.3', timestamp: 1_700_000_000_000 })
    expect(storage.getDeepLinkChoice()).toEqual({ href: 'metamask://', name: 'MetaMask' })
    expect(storage.getLatestKitVersion()).toEqual({
      version: '1.2.3',
      timestamp: 1_700_000_000_000,
    })
    storage.removeDeepLinkChoice()
    expect(storage.getDeepLinkChoice()).toBeUndefined()
  })

  it('keeps two instances on separate backends apart', () => {
    const one = setup().storage
    const two = setup().storage
    one.setActiveNamespace('solana')
    expect(two.getActiveNamespace()).toBeUndefined()
  })
})

describe('createAppKitStorage: reads validate what they find', () => {
  it.each([
    ['activeNamespace', StorageKeys.activeNamespace, 'bitcoin', 'getActiveNamespace'],
    ['activeCaipNetworkId', StorageKeys.activeCaipNetworkId, 'eip155', 'getActiveCaipNetworkId'],
    ['connectionStatus', StorageKeys.connectionStatus, 'online', 'getConnectionStatus'],
    [
      'connectedSocial',
      StorageKeys.connectedSocialProvider,
      'myspace',
      'getConnectedSocialProvider',
    ],
    ['telegram', StorageKeys.telegramSocialProvider, '', 'getTelegramSocialProvider'],
    ['recentWallet', StorageKeys.recentWallet, '{"id":1}', 'getRecentWallet'],
    ['deepLinkChoice', StorageKeys.deepLinkChoice, '{"href":"x"}', 'getDeepLinkChoice'],
    ['deepLinkChoice JSON', StorageKeys.deepLinkChoice, '{oops', 'getDeepLinkChoice'],
    [
      'kitVersion',
      StorageKeys.latestKitVersion,
      '{"version":"1","timestamp":"x"}',
      'getLatestKitVersion',
    ],
    ['kitVersion null', StorageKeys.latestKitVersion, 'null', 'getLatestKitVersion'],
  ] as const)('returns undefined and logs for a bad %s', (_, key, raw, getter) => {
    const { storage, backend, log } = setup()
    backend.setItem(key, raw)
    expect(storage[getter]()).toBeUndefined()
    expect(log).toHaveBeenCalledTimes(1)
  })

  it('returns undefined for an empty connector id or username', () => {
    const { storage, backend, log } = setup()
    backend.setItem(StorageKeys.connectedConnectorId('eip155'), '')
    backend.setItem(StorageKeys.connectedSocialUsername, '')
    expect(storage.getConnectedConnectorId('eip155')).toBeUndefined()
    expect(storage.getConnectedSocialUsername()).toBeUndefined()
    expect(log).toHaveBeenCalledTimes(2)
  })

  it.each(['not json', '{"id":"metamask"}', '42', 'null'])(
    'returns [] and logs for recent wallets stored as %j',
    (raw) => {
      const { storage, backend, log } = setup()
      backend.setItem(StorageKeys.recentWallets, raw)
      expect(storage.getRecentWallets()).toEqual([])
      expect(log).toHaveBeenCalled()
    },
  )

  it('keeps the valid recent wallets of a partly broken list, deduplicated, at most 2', () => {
    const { storage, backend, log } = setup()
    backend.setItem(
      StorageKeys.recentWallets,
      JSON.stringify([
        null,
        metamask,
        { id: 'x' },
        metamask,
        { ...rainbow, imageUrl: 5 },
        trust,
        rainbow,
      ]),
    )
    expect(storage.getRecentWallets()).toEqual([metamask, trust])
    expect(log).toHaveBeenCalled()
  })

  it('drops invalid namespace entries of the per-namespace maps', () => {
    const { storage, backend, log } = setup()
    backend.setItem(
      StorageKeys.preferredAccountTypes,
      JSON.stringify({ eip155: 'smartAccount', solana: 'admin', nope: 'eoa' }),
    )
    backend.setItem(
      StorageKeys.connections,
      JSON.stringify({
        eip155: [{ connectorId: 'injected', accounts: [{ address: '0x1' }] }],
        solana: [{ connectorId: 'phantom', accounts: [{ address: 7 }] }],
      }),
    )
    backend.setItem(
      StorageKeys.disconnectedConnectorIds,
      JSON.stringify({ eip155: ['a', 'a', 'b'], solana: 'phantom' }),
    )
    expect(storage.getPreferredAccountTypes()).toEqual({ eip155: 'smartAccount' })
    expect(storage.getConnections('eip155')).toEqual([
      { connectorId: 'injected', accounts: [{ address: '0x1' }] },
    ])
    expect(storage.getConnections('solana')).toEqual([])
    expect(storage.getDisconnectedConnectorIds('eip155')).toEqual(['a', 'b'])
    expect(storage.getDisconnectedConnectorIds('solana')).toEqual([])
    expect(log).toHaveBeenCalled()
  })

  it.each(['[1,2]', '"text"', '{broken'])(
    'treats a per-namespace map stored as %j as empty',
    (raw) => {
      const { storage, backend, log } = setup()
      backend.setItem(StorageKeys.connections, raw)
      expect(storage.getConnections('eip155')).toEqual([])
      storage.setConnections('eip155', [{ connectorId: 'injected', accounts: [] }])
      expect(storage.getConnections('eip155')).toEqual([{ connectorId: 'injected', accounts: [] }])
      expect(log).toHaveBeenCalled()
    },
  )

  it('ignores non-string values returned by an odd backend', () => {
    const log = vi.fn()
    const odd: KeyValueStorage = {
      getItem: () => 42 as unknown as string,
      setItem: () => {},
      removeItem: () => {},
    }
    const storage = createAppKitStorage(odd, log)
    expect(storage.getActiveNamespace()).toBeUndefined()
    expect(storage.getRecentWallets()).toEqual([])
    expect(log).toHaveBeenCalled()
  })

  it('refuses to write values its reads would reject', () => {
    const { storage, backend, log } = setup()
    storage.setActiveNamespace('bitcoin' as never)
    storage.setActiveCaipNetworkId('eip155' as never)
    storage.addRecentWallet({ id: '', name: 'x' })
    storage.setDeepLinkChoice(null as never)
    storage.setLatestKitVersion({ version: '1', timestamp: Number.NaN })
    storage.setPreferredAccountType('eip155', 'admin' as never)
    storage.addConnectedNamespace('nope' as never)
    expect(backend.entries.size).toBe(0)
    expect(log).toHaveBeenCalledTimes(7)
  })
})

describe('createAppKitStorage: storage failures are logged quietly and ignored', () => {
  function exerciseEveryMethod(storage: ReturnType<typeof createAppKitStorage>) {
    storage.setActiveNamespace('eip155')
    storage.setActiveCaipNetworkId('eip155:1')
    storage.addRecentWallet(metamask)
    storage.setRecentWallet(metamask)
    storage.setConnectedConnectorId('eip155', 'injected')
    storage.setConnectedSocialProvider('google')
    storage.setConnectedSocialUsername('alice')
    storage.setConnectionStatus('connected')
    storage.addConnectedNamespace('eip155')
    storage.setTelegramSocialProvider('google')
    storage.setPreferredAccountType('eip155', 'eoa')
    storage.setConnections('eip155', [])
    storage.addDisconnectedConnectorId('eip155', 'injected')
    storage.removeDisconnectedConnectorId('eip155', 'injected')
    storage.setDeepLinkChoice({ href: 'a://', name: 'A' })
    storage.setLatestKitVersion({ version: '1', timestamp: 1 })
    storage.removeActiveNamespace()
    storage.removeActiveCaipNetworkId()
    storage.clearRecentWallets()
    storage.removeRecentWallet()
    storage.removeConnectedConnectorId('eip155')
    storage.removeConnectedSocialProvider()
    storage.removeConnectedSocialUsername()
    storage.removeConnectionStatus()
    storage.removeConnectedNamespace('eip155')
    storage.clearConnectedNamespaces()
    storage.removeTelegramSocialProvider()
    storage.removeConnections('eip155')
    storage.removeDeepLinkChoice()
    return [
      storage.getActiveNamespace(),
      storage.getActiveCaipNetworkId(),
      storage.getRecentWallets(),
      storage.getRecentWallet(),
      storage.getConnectedConnectorId('eip155'),
      storage.getConnectedSocialProvider(),
      storage.getConnectedSocialUsername(),
      storage.getConnectionStatus(),
      storage.getConnectedNamespaces(),
      storage.getTelegramSocialProvider(),
      storage.getPreferredAccountTypes(),
      storage.getPreferredAccountType('eip155'),
      storage.getConnections('eip155'),
      storage.getDisconnectedConnectorIds('eip155'),
      storage.getDeepLinkChoice(),
      storage.getLatestKitVersion(),
    ]
  }

  const emptyReads = [
    undefined,
    undefined,
    [],
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
    [],
    undefined,
    {},
    undefined,
    [],
    [],
    undefined,
    undefined,
  ]

  it('never throws when every backend call throws, and logs each failure', () => {
    const log = vi.fn()
    const storage = createAppKitStorage(new ThrowingStorage(), log)
    expect(exerciseEveryMethod(storage)).toEqual(emptyReads)
    expect(log).toHaveBeenCalledWith(
      expect.stringContaining('could not read'),
      expect.any(DOMException),
    )
    expect(log).toHaveBeenCalledWith(
      expect.stringContaining('could not write'),
      expect.any(DOMException),
    )
    expect(log).toHaveBeenCalledWith(
      expect.stringContaining('could not remove'),
      expect.any(DOMException),
    )
  })

  it('never throws without a backend (SSR) and says so once', () => {
    const log = vi.fn()
    const storage = createAppKitStorage(undefined, log)
    expect(exerciseEveryMethod(storage)).toEqual(emptyReads)
    expect(log).toHaveBeenCalledTimes(1)
  })

  it('never throws when the logger throws too', () => {
    const storage = createAppKitStorage(new ThrowingStorage(), () => {
      throw new Error('logger broke')
    })
    expect(exerciseEveryMethod(storage)).toEqual(emptyReads)
  })

  it('logs through console.debug by default', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {})
    const storage = createAppKitStorage(new ThrowingStorage())
    storage.getActiveNamespace()
    expect(debug).toHaveBeenCalled()
    debug.mockRestore()
  })
})

describe('getBrowserStorage', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('returns localStorage when the page has one', () => {
    const memory = new MemoryStorage()
    vi.stubGlobal('localStorage', memory)
    expect(getBrowserStorage()).toBe(memory)
  })

  it('returns undefined when there is none', () => {
    vi.stubGlobal('localStorage', undefined)
    expect(getBrowserStorage()).toBeUndefined()
  })

  it('returns undefined when reaching localStorage throws', () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('denied', 'SecurityError')
      },
    })
    try {
      expect(getBrowserStorage()).toBeUndefined()
    } finally {
      if (original) Object.defineProperty(globalThis, 'localStorage', original)
      else delete (globalThis as { localStorage?: unknown }).localStorage
    }
  })
})
