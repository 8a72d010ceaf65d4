import { WALLETCONNECT_CONNECTOR_ID } from '@latchkey/core/constants'
import type { WalletConnectEip1193Provider } from '@latchkey/core/walletConnectProvider'
import { ChainNotConfiguredError, createConnector } from '@wagmi/core'
import { type Address, getAddress, numberToHex } from 'viem'
import type { WalletConnectBinding } from './walletConnectBinding'

/**
 * wagmi's view of the modal's WalletConnect session, so an app's own wagmi hooks (and our
 * engine) see a WalletConnect wallet like any other. The session itself is the modal's.
 */
export function walletConnectConnector(binding: WalletConnectBinding) {
  type Provider = WalletConnectEip1193Provider
  return createConnector<Provider>((config) => {
    let provider: Provider | undefined
    let accountsChanged: ((accounts: string[]) => void) | undefined
    let chainChanged: ((chainId: string) => void) | undefined
    let disconnected: (() => void) | undefined

    async function load(): Promise<Provider> {
      const pending = binding.get()
      if (!pending) throw new Error('WalletConnect loads with the modal; open it first')
      provider = await pending
      return provider
    }

    function listen(
      p: Provider,
      self: {
        onAccountsChanged: typeof accountsChanged
        onChainChanged: typeof chainChanged
        onDisconnect: () => void
      },
    ) {
      if (accountsChanged) return
      accountsChanged = self.onAccountsChanged
      chainChanged = self.onChainChanged
      disconnected = self.onDisconnect
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
      id: WALLETCONNECT_CONNECTOR_ID,
      name: 'WalletConnect',
      type: 'walletConnect',
      async connect(parameters = {}) {
        const p = await load()
        if (!p.connected) throw new Error('No WalletConnect session')
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
      getProvider: load,
      async isAuthorized() {
        try {
          return binding.get() !== undefined && (await load()).connected
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
