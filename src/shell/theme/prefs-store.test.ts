import { beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_COLOR, paletteOf, parseHex } from './palette'
import { prefsStore } from './prefs-store'
import { DEFAULT_THEME, THEME_NAMES, THEMES, themeVars } from './themes'

beforeEach(() => {
  localStorage.clear()
  prefsStore.reload()
})

describe('theme and colour preferences', () => {
  it('defaults to theme hey and colour #409EFF', () => {
    expect(prefsStore.getState()).toEqual({ themeName: 'hey', color: '#409EFF' })
    expect(DEFAULT_THEME).toBe('hey')
    expect(DEFAULT_COLOR).toBe('#409EFF')
  })

  it('remembers the chosen theme and colour across reloads', () => {
    prefsStore.setTheme('dark')
    prefsStore.setColor('#F5222D')
    prefsStore.reload()
    expect(prefsStore.getState()).toEqual({ themeName: 'dark', color: '#F5222D' })
    expect(JSON.parse(localStorage.getItem('saber-themeName') ?? '{}').content).toBe('dark')
  })

  it('ignores invalid colours and unknown stored themes', () => {
    prefsStore.setColor('not a colour')
    expect(prefsStore.getState().color).toBe(DEFAULT_COLOR)
    localStorage.setItem(
      'saber-themeName',
      JSON.stringify({ dataType: 'string', content: 'neon', datetime: 0 }),
    )
    prefsStore.reload()
    expect(prefsStore.getState().themeName).toBe('hey')
  })

  it('offers all 11 themes, each a full set of shell variables', () => {
    expect(THEME_NAMES).toEqual([
      'default',
      'white',
      'dark',
      'colourful',
      'smart',
      'iview',
      'vip',
      'cool',
      'd2',
      'hey',
      'lte',
    ])
    for (const name of THEME_NAMES) {
      const vars = themeVars(name)
      expect(Object.keys(vars)).toHaveLength(9)
      expect(Object.values(vars).every((v) => v.length > 0)).toBe(true)
    }
    expect(THEMES.dark.sidebarBg).not.toBe(THEMES.white.sidebarBg)
  })
})

describe('primary palette', () => {
  it('derives 10 shades with the picked colour at shade 6, lighter before and darker after', () => {
    const p = paletteOf('#409EFF')
    expect(p).toHaveLength(10)
    expect(p[6]).toBe('#409eff')
    const light = (hex: string) => (parseHex(hex) ?? [0, 0, 0]).reduce((a, b) => a + b, 0)
    for (let i = 1; i < 10; i++) expect(light(p[i])).toBeLessThan(light(p[i - 1]))
  })
})
