import { type ReactNode, type UIEvent, useState } from 'react'

interface VirtualListProps<T> {
  items: readonly T[]
  /** Every row has this height, so the visible window is plain arithmetic. */
  rowHeight: number
  height: number
  /** Rows rendered above and below the visible ones. */
  overscan?: number
  /** Called when the visible window comes within `endThreshold` rows of the end. */
  onEndReached?: () => void
  endThreshold?: number
  getKey: (item: T) => string
  renderRow: (item: T, index: number) => ReactNode
  label: string
  testId?: string
}

export function visibleRange(
  scrollTop: number,
  height: number,
  rowHeight: number,
  count: number,
  overscan: number,
) {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan)
  const last = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + overscan)
  return { first, last }
}

/** A list that renders only the rows in view; thousands of wallets cost a few dozen nodes. */
export function VirtualList<T>({
  items,
  rowHeight,
  height,
  overscan = 4,
  onEndReached,
  endThreshold = 8,
  getKey,
  renderRow,
  label,
  testId,
}: VirtualListProps<T>) {
  const [scrollTop, setScrollTop] = useState(0)
  const { first, last } = visibleRange(scrollTop, height, rowHeight, items.length, overscan)

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const top = event.currentTarget.scrollTop
    setScrollTop(top)
    if (onEndReached && (top + height) / rowHeight >= items.length - endThreshold) onEndReached()
  }

  return (
    <div
      className="lk-virtual"
      style={{ height, overflowY: 'auto' }}
      onScroll={onScroll}
      data-testid={testId}
    >
      <ul
        className="lk-list"
        aria-label={label}
        style={{ height: items.length * rowHeight, position: 'relative' }}
      >
        {items.slice(first, last).map((item, offset) => {
          const index = first + offset
          return (
            <li
              key={getKey(item)}
              aria-setsize={items.length}
              aria-posinset={index + 1}
              style={{
                position: 'absolute',
                top: index * rowHeight,
                insetInline: 0,
                height: rowHeight - 8,
              }}
            >
              {renderRow(item, index)}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
