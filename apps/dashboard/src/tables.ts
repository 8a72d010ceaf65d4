// The table beside each chart: the same figures for a screen reader, a keyboard or a copy.

export interface Column {
  label: string
  /** Right-aligned, as a number reads */
  numeric?: boolean
}

export type Cell = string | number

/** A table whose first column names each row (its header cell) */
export function dataTable(
  doc: Document,
  caption: string,
  columns: readonly Column[],
  rows: readonly (readonly Cell[])[],
  format: (value: number) => string = String,
): HTMLTableElement {
  const table = doc.createElement('table')
  table.createCaption().textContent = caption
  const head = table.createTHead().insertRow()
  for (const column of columns) {
    const th = doc.createElement('th')
    th.scope = 'col'
    th.textContent = column.label
    if (column.numeric) th.className = 'numeric'
    head.append(th)
  }
  const body = table.createTBody()
  for (const row of rows) {
    const tr = body.insertRow()
    row.forEach((value, index) => {
      const cell = doc.createElement(index === 0 ? 'th' : 'td')
      if (index === 0) (cell as HTMLTableCellElement).scope = 'row'
      cell.textContent = typeof value === 'number' ? format(value) : value
      if (columns[index]?.numeric) cell.className = 'numeric'
      tr.append(cell)
    })
  }
  return table
}
