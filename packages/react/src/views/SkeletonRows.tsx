/**
 * Rows standing in for a list's entries while it loads: placed inside the list, which says
 * aria-busy meanwhile; hidden from assistive technology (the list's busy state and its loading
 * text say it), and replaced by the real rows when they arrive.
 */
export function SkeletonRows({ count = 3 }: { count?: number }) {
  return Array.from({ length: count }, (_, index) => (
    // The rows are all alike and never reordered: their place is their key.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <li key={index} className="lk-item lk-skeleton-row" aria-hidden="true" data-skeleton="">
      <span className="lk-avatar-sm lk-skeleton" />
      <span className="lk-skeleton" />
    </li>
  ))
}
