// The pager under a list: an exact total as is; a total the server stopped counting at (its
// `totalCapped` extension) as "10,000+", with pages up to it.
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CrudPager } from './crud-pager'
import { renderScreen } from '@/test/render-screen'

const noop = () => undefined

describe('CrudPager', () => {
  it('shows an exact total as a number', async () => {
    renderScreen(() => <CrudPager total={1234} current={1} size={10} onPage={noop} onSize={noop} />)
    expect(await screen.findByText('共 1234 条')).toBeTruthy()
  })

  it('shows a capped total as "10,000+" and pages up to it', async () => {
    renderScreen(() => (
      <CrudPager total={10000} capped current={1} size={10} onPage={noop} onSize={noop} />
    ))
    expect(await screen.findByText('共 10,000+ 条')).toBeTruthy()
    expect(screen.getByText('1000')).toBeTruthy()
  })
})
