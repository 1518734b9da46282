import { render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { normalizePath, registerScreens, screenFor } from './screen-registry'

describe('screen registry', () => {
  it('renders a registered screen lazily by its menu path', async () => {
    registerScreens({ '/demo/screen/': () => Promise.resolve({ default: () => <p>demo screen</p> }) })
    const Screen = screenFor('/demo/screen?x=1')
    expect(Screen).toBeDefined()
    if (!Screen) return
    render(
      <Suspense fallback="loading">
        <Screen />
      </Suspense>,
    )
    expect(await screen.findByText('demo screen')).toBeTruthy()
  })

  it('knows nothing of unregistered paths', () => {
    expect(screenFor('/nope')).toBeUndefined()
    expect(normalizePath('a/b/')).toBe('/a/b')
  })
})
