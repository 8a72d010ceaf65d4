import { useAppKitInstance } from '../../instance.ts'
import { useStore } from '../../store.ts'
import { useMessages } from '../../useMessages.ts'
import { useNetworkImage } from '../networkImage.ts'
import { Logo } from '../parts.tsx'

/** Every network the app lists; the active one is marked with aria-current. */
export function NetworkList() {
  const { core } = useAppKitInstance()
  const messages = useMessages()
  const chain = useStore(core.stores.chain)
  const imageOf = useNetworkImage()
  return (
    <ul className="lk-list" aria-label={messages.selectNetwork} data-testid="network-list">
      {chain.networks.map((network) => {
        const image = imageOf(network)
        const active =
          !chain.unsupported && network.caipNetworkId === chain.activeCaipNetwork.caipNetworkId
        return (
          <li key={network.caipNetworkId}>
            <button
              type="button"
              className="lk-item"
              aria-current={active}
              data-testid={`network-${network.caipNetworkId}`}
              onClick={() => void core.switchNetwork(network)}
            >
              <Logo name={network.name} src={image} />
              <span className="lk-item-name">{network.name}</span>
              {active && <span className="lk-tag">{messages.activeNetwork}</span>}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
