import type { ModalEip1193Provider } from '@latchkey/core/internal'
import { ChainNotConfiguredError, createConnector } from '@wagmi/core'
import { type Address, getAddress, numberToHex } from 'viem'
import type { ProviderBinding } from './modalProviderBinding.ts'

export interface ModalProviderConnectorOptions {
  /** The wagmi connector id, stored as the connected connector id */
  id: string
  name: string
  type: string
  binding: ProviderBinding
  /** Thrown while the modal has not handed the provider over yet */
  notLoadedMessage: string
  /** Thrown by connect() while the provider holds no account */
  notConnectedMessage: string
}

/**
 * wagmi's view of a wallet the modal itself holds (its WalletConnect session, its embedded
 * wallet), so an app's own wagmi hooks (and our engine) see it like any other wallet. The
 * session is the modal's: connect() only attaches to an account the modal already has.
 */
export function modalProviderConnector(options: ModalProviderConnectorOptions) {
  type Provider = ModalEip1193Provider
  const { binding } = options
  return createConnector<Provider>((config) => {
    let provider: Provider | undefined
    let accountsChanged: ((accounts: string[]) => void) | undefined
    let chainChanged: ((chainId: string) => void) | undefined
    let disconnected: (() => void) | undefined

    async function load(): Promise<Provider> {
      const pending = binding.get()
      if (!pending) throw new Error(options.notLoadedMessage)
      provider = await pending
      return provider
    }

    function listen(
      p: Provider,
      self: {
        onAccountsChanged(accounts: string[]): void
        onChainChanged(chainId: string): void
        onDisconnect(): void
      },
    ) {
      if (accountsChanged) return
      // Bound: the provider calls its listeners as plain functions.
      accountsChanged = self.onAccountsChanged.bind(self)
      chainChanged = self.onChainChanged.bind(self)
      disconnected = self.onDisconnect.bind(self)
      p.on('accountsChanged', accountsChanged as never)
      p.on('chainChanged', chainChanged as never)
      p.on('disconnect', disconnected)
    }

    function unlisten() {
      if (!provider || !accountsChanged) return
      provider.removeListener('accountsChanged', accountsChanged as never)
      provider.removeListener('chainChanged', chainChanged as never)
      provider.removeListener('disconnect', disconnected as never)
      accountsChanged = chainChanged = disconnected = undefined
    }

    const readAccounts = async (p: Provider) =>
      ((await p.request({ method: 'eth_accounts' })) as string[]).map((a) => getAddress(a))
    const readChainId = async (p: Provider) => Number(await p.request({ method: 'eth_chainId' }))

    return {
      id: options.id,
      name: options.name,
      type: options.type,
      async connect(parameters = {}) {
        const p = await load()
        if (!p.connected) throw new Error(options.notConnectedMessage)
        listen(p, this)
        if (parameters.chainId !== undefined) {
          await p
            .request({
              method: 'wallet_switchEthereumChain',
              params: [{ chainId: numberToHex(parameters.chainId) }],
            })
            .catch(() => undefined)
        }
        const accounts = await readAccounts(p)
        const chainId = await readChainId(p)
        // biome-ignore lint/suspicious/noExplicitAny: wagmi types accounts by its withCapabilities flag
        return { accounts: accounts as any, chainId }
      },
      async disconnect() {
        const p = provider
        unlisten()
        await p?.disconnect()
      },
      async getAccounts() {
        return readAccounts(await load())
      },
      async getChainId() {
        return readChainId(await load())
      },
      // No provider until the modal has started this wallet: wagmi's reconnect asks every
      // connector for one, and answering would load WalletConnect or the frame for everyone.
      async getProvider() {
        if (provider || binding.started()) return load()
        return undefined as unknown as Provider
      },
      async isAuthorized() {
        if (!provider && !binding.started()) return false
        try {
          return (await load()).connected
        } catch {
          return false
        }
      },
      async switchChain({ chainId, addEthereumChainParameter }) {
        const chain = config.chains.find((c) => c.id === chainId)
        if (!chain) throw new ChainNotConfiguredError()
        const p = await load()
        const params = [{ chainId: numberToHex(chainId) }]
        try {
          await p.request({ method: 'wallet_switchEthereumChain', params })
        } catch (error) {
          if ((error as { code?: unknown }).code !== 4902) throw error
          await p.request({
            method: 'wallet_addEthereumChain',
            params: [
              {
                chainId: numberToHex(chainId),
                chainName: addEthereumChainParameter?.chainName ?? chain.name,
                nativeCurrency: addEthereumChainParameter?.nativeCurrency ?? chain.nativeCurrency,
                rpcUrls: addEthereumChainParameter?.rpcUrls ?? chain.rpcUrls.default.http,
              },
            ],
          })
          await p.request({ method: 'wallet_switchEthereumChain', params })
        }
        return chain
      },
      onAccountsChanged(accounts) {
        if (accounts.length === 0) this.onDisconnect()
        else
          config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a) as Address) })
      },
      onChainChanged(chainId) {
        config.emitter.emit('change', { chainId: Number(chainId) })
      },
      onDisconnect() {
        unlisten()
        config.emitter.emit('disconnect')
      },
    }
  })
}
