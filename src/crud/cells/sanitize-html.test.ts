// Stored rich text is sanitised before it is shown: scripts, styles, handlers and javascript: links go.
import { describe, expect, it } from 'vitest'
import { sanitizeHtml } from './sanitize-html'

const EVIL =
  '<p onclick="steal()">Hi <b>all</b></p><script>alert(1)</script><style>p{}</style><a href="javascript:alert(1)">x</a><a href="https://shop.vn">shop</a><img src="a.png" onerror="steal()">'

describe('sanitizeHtml', () => {
  it('strips scripts, styles, event handlers and javascript: links and keeps the formatting', () => {
    const out = sanitizeHtml(EVIL)
    expect(out).not.toMatch(/script|style|onclick|onerror|javascript:/i)
    expect(out).toContain('<p>Hi <b>all</b></p>')
    expect(out).toContain(
      '<a href="https://shop.vn" target="_blank" rel="noopener noreferrer">shop</a>',
    )
    expect(out).toContain('<img src="a.png">')
  })
})
