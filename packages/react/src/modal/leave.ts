/** Longer than the CSS animation: the copy goes even if no animationend arrives. */
const LEAVE_MS = 400

/** Attributes that name or find things (ids, roles, test ids): the copy must not answer to them. */
const NAMING = /^(id|role|for|name|aria-labelledby|aria-modal|aria-describedby)$/
/** The data attributes the CSS draws by; every other one is dropped from the copy. */
const DRAWN = /^data-(fullscreen|inline|mark|provider|state|status|variant|initial|copied)$/

/**
 * The closing animation of a dialog already gone: React has unmounted it (so focus is back on
 * the opener and nothing can find or reach the dialog), and this fades out a copy of how it
 * looked, inert and hidden from assistive technology, then removes it. Nothing happens when the
 * CSS gives `.lk-leaving` no animation (prefers-reduced-motion: reduce, jsdom).
 */
export function leave(overlay: HTMLElement, parent: Element) {
  const copy = overlay.cloneNode(true) as HTMLElement
  for (const element of [copy, ...copy.querySelectorAll('*')]) {
    for (const { name } of [...element.attributes]) {
      if (NAMING.test(name) || (name.startsWith('data-') && !DRAWN.test(name)))
        element.removeAttribute(name)
    }
  }
  copy.classList.add('lk-leaving')
  copy.setAttribute('aria-hidden', 'true')
  copy.inert = true
  parent.append(copy)
  const animation = getComputedStyle(copy).animationName
  if (!animation || animation === 'none') {
    copy.remove()
    return
  }
  const timer = setTimeout(() => copy.remove(), LEAVE_MS)
  copy.addEventListener('animationend', (event) => {
    if (event.target !== copy) return
    clearTimeout(timer)
    copy.remove()
  })
}
