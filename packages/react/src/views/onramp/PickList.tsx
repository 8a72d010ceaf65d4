import { useAppKitInstance } from '../../instance.ts'
import { onrampCss } from './styles.ts'

export interface PickItem {
  id: string
  name: string
  /** Shown at the end of the row: a symbol or a currency code */
  code: string
  testId: string
}

/** A choice for the buy form (the asset bought, the currency paid): picking one goes back to it. */
export function PickList(props: {
  view: string
  label: string
  items: PickItem[]
  current: string | undefined
  onPick: (id: string) => void
}) {
  const { core } = useAppKitInstance()
  return (
    <div data-view={props.view} className="lk-stack lk-wide">
      <style>{onrampCss}</style>
      <ul className="lk-list" aria-label={props.label}>
        {props.items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className="lk-item"
              data-testid={item.testId}
              aria-current={item.id === props.current || undefined}
              onClick={() => {
                props.onPick(item.id)
                core.router.goBack()
              }}
            >
              <span className="lk-item-name">{item.name}</span>
              <span className="lk-row-end">{item.code}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
