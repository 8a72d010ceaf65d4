import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { VirtualList, visibleRange } from './VirtualList.tsx'

afterEach(cleanup)

const items = Array.from({ length: 1000 }, (_, i) => `Wallet ${i}`)

function renderList(onEndReached = vi.fn()) {
  render(
    <VirtualList
      items={items}
      rowHeight={50}
      height={300}
      overscan={2}
      onEndReached={onEndReached}
      getKey={(item) => item}
      renderRow={(item) => <button type="button">{item}</button>}
      label="All wallets"
      testId="list"
    />,
  )
  return onEndReached
}

describe('VirtualList', () => {
  it('computes the visible window with overscan, clamped to the list', () => {
    expect(visibleRange(0, 300, 50, 1000, 2)).toEqual({ first: 0, last: 8 })
    expect(visibleRange(1000, 300, 50, 1000, 2)).toEqual({ first: 18, last: 28 })
    expect(visibleRange(49_800, 300, 50, 1000, 2)).toEqual({ first: 994, last: 1000 })
  })

  it('renders only the rows in view, each announcing its position in the whole list', () => {
    renderList()
    const rows = screen.getAllByRole('listitem')
    expect(rows).toHaveLength(8)
    expect(rows[0]?.getAttribute('aria-setsize')).toBe('1000')
    expect(rows[0]?.getAttribute('aria-posinset')).toBe('1')
  })

  it('moves the window on scroll and asks for more near the end', () => {
    const onEndReached = renderList()
    const scroller = screen.getByTestId('list')
    scroller.scrollTop = 1000
    fireEvent.scroll(scroller)
    expect(screen.getByText('Wallet 20')).toBeTruthy()
    expect(screen.queryByText('Wallet 0')).toBeNull()
    expect(onEndReached).not.toHaveBeenCalled()
    scroller.scrollTop = 49_500
    fireEvent.scroll(scroller)
    expect(onEndReached).toHaveBeenCalled()
  })
})
