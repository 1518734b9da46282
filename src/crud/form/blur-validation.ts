// When a field's message may appear: on blur only for a field the user changed, and on save for
// all. Entering and leaving an untouched field says nothing: pressing the mouse on 保存 or 取消 used
// to blur the first field, whose "required" message pushed the buttons down before the mouse was
// released, so the click never landed.
import type { UseFormInput } from '@mantine/form'
import type { MouseEvent } from 'react'
import { useRef } from 'react'

type Enhance<V> = NonNullable<UseFormInput<V>['enhanceGetInputProps']>

/** useForm options: no validation on blur of an untouched field (replaces validateInputOnBlur). */
export function useChangedBlur<V>(): {
  validateInputOnBlur: false
  enhanceGetInputProps: Enhance<V>
} {
  const changed = useRef(new Set<string>())
  const enhanceGetInputProps: Enhance<V> = ({ inputProps, field, form }) => {
    const path = String(field)
    // Taken now: Mantine assigns what this returns onto inputProps.
    const change = inputProps.onChange as (...a: unknown[]) => void
    return {
      onChange: (...args: unknown[]) => {
        changed.current.add(path)
        change(...args)
      },
      onBlur: () => {
        if (changed.current.has(path)) void form.validateField(path)
      },
    }
  }
  return { validateInputOnBlur: false, enhanceGetInputProps }
}

/**
 * On a form's 保存 and 取消: pressing the mouse does not take the focus from the field being edited,
 * so no message appears (and moves the button) between press and release. Keyboard use is unchanged.
 */
export const keepFieldFocus = { onMouseDown: (e: MouseEvent) => e.preventDefault() }
