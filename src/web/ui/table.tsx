/** A column of a table's header row: a plain title, or one whose cells are figures (aligned right). */
export type Column = string | { title: string; numeric: true }

/**
 * A table's header: one `th scope="col"` per column, so screen readers name each cell by its column.
 * `cell` styles every header cell; `numeric` is added to the figures' (default: aligned right).
 */
export function ColumnHeads({
  columns,
  cell,
  numeric = 'text-right',
  className,
}: {
  columns: readonly Column[]
  cell: string
  numeric?: string
  className?: string
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column) => {
          const title = typeof column === 'string' ? column : column.title
          return (
            <th key={title} scope="col" className={typeof column === 'string' ? cell : `${cell} ${numeric}`}>
              {title}
            </th>
          )
        })}
      </tr>
    </thead>
  )
}

/** A figures column (ColumnHeads). */
export const figures = (title: string): Column => ({ title, numeric: true })
