import { expect, it } from 'vitest'
import { edgesOf } from './use-scroll-edges'

it('an edge has more content when the scroll can still move towards it (a pixel of rounding is none)', () => {
  expect(edgesOf({ scrollLeft: 0, clientWidth: 600, scrollWidth: 600 })).toEqual({
    left: false,
    right: false,
  })
  expect(edgesOf({ scrollLeft: 0, clientWidth: 600, scrollWidth: 1000 })).toEqual({
    left: false,
    right: true,
  })
  expect(edgesOf({ scrollLeft: 200, clientWidth: 600, scrollWidth: 1000 })).toEqual({
    left: true,
    right: true,
  })
  expect(edgesOf({ scrollLeft: 399.5, clientWidth: 600, scrollWidth: 1000 })).toEqual({
    left: true,
    right: false,
  })
})
