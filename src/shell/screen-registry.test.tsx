import { render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { normalizePath, preloadScreen, registerScreens, screenFor } from './screen-registry'

describe('screen registry', () => {
  it('renders a registered screen lazily by its menu path', async () => {
    registerScreens({
      '/demo/screen/': () => Promise.resolve({ default: () => <p>demo screen</p> }),
    })
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

  it('a preload and the render share one import; a failed import is tried again', async () => {
    let calls = 0
    let fail = true
    registerScreens({
      '/demo/preloaded': () => {
        calls++
        if (fail) return Promise.reject(new Error('offline'))
        return Promise.resolve({ default: () => <p>preloaded screen</p> })
      },
    })
    preloadScreen('/demo/preloaded')
    await Promise.resolve()
    expect(calls).toBe(1)
    await new Promise((r) => setTimeout(r, 0))
    fail = false
    preloadScreen('/demo/preloaded/')
    const Screen = screenFor('/demo/preloaded')
    if (!Screen) throw new Error('not registered')
    render(
      <Suspense fallback="loading">
        <Screen />
      </Suspense>,
    )
    expect(await screen.findByText('preloaded screen')).toBeTruthy()
    expect(calls).toBe(2)
    preloadScreen('/not/registered')
  })

  it('knows nothing of unregistered paths', () => {
    expect(screenFor('/nope')).toBeUndefined()
    expect(normalizePath('a/b/')).toBe('/a/b')
  })
})
