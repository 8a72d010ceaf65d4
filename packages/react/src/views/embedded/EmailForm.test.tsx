import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithAppKit } from '../../testing/renderWithAppKit.tsx'
import { EmailForm } from './EmailForm.tsx'

afterEach(cleanup)

function form(props: Partial<Parameters<typeof EmailForm>[0]> = {}) {
  const onSubmit = vi.fn()
  renderWithAppKit(
    <EmailForm
      testId="email"
      label="Email"
      submitLabel="Continue"
      busy={false}
      onSubmit={onSubmit}
      {...props}
    />,
  )
  return { onSubmit, input: screen.getByTestId('email-input') as HTMLInputElement }
}

describe('EmailForm', () => {
  it('takes the focus and submits what was typed, with Enter as with the button', () => {
    const { onSubmit, input } = form()
    expect(document.activeElement).toBe(input)
    expect(input.type).toBe('email')
    expect(input.autocomplete).toBe('email')
    fireEvent.change(input, { target: { value: 'visitor@example.com' } })
    fireEvent.submit(input.form as HTMLFormElement)
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(onSubmit.mock.calls).toEqual([['visitor@example.com'], ['visitor@example.com']])
  })

  it('for a code: a numeric one-time-code field', () => {
    const { input } = form({ code: true, label: 'Code' })
    expect(input.type).toBe('text')
    expect(input.inputMode).toBe('numeric')
    expect(input.autocomplete).toBe('one-time-code')
  })

  it('while busy: the button says so, is disabled, and Enter submits nothing', () => {
    const { onSubmit, input } = form({ busy: true })
    const button = screen.getByTestId('email-submit') as HTMLButtonElement
    expect(button.disabled).toBe(true)
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(button.textContent).toBe('Loading…')
    fireEvent.submit(input.form as HTMLFormElement)
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('an error is announced and marks the field invalid', () => {
    const { input } = form({ error: 'Please enter a valid email address' })
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address')
    expect(input.getAttribute('aria-invalid')).toBe('true')
  })
})
