// After a refused save: the first field with a message (in the order shown) is scrolled into view and
// focused, so a message below the fold (a long salary sheet) is never missed.
const INVALID = '[aria-invalid="true"], .mantine-InputWrapper-error'

/** Shows the first invalid field in `container`, once the messages have been drawn. */
export function focusFirstError(container: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const first = container?.querySelector<HTMLElement>(INVALID)
    if (!first) return
    first.scrollIntoView?.({ block: 'center' })
    if (first.matches('[aria-invalid="true"]')) first.focus({ preventScroll: true })
  })
}
