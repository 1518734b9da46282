import { describe, expect, it } from 'vitest'
import '@/test/i18n'
import { AVATAR_MAX_BYTES, checkAvatar, checkEmail, checkPhone } from './profile-rules'

const file = (name: string, type: string, size: number) => ({ name, type, size })

describe('personal info rules', () => {
  it('accepts jpg and png avatars up to 500 KB', () => {
    expect(checkAvatar(file('a.png', 'image/png', 1000))).toBeNull()
    expect(checkAvatar(file('a.jpg', 'image/jpeg', AVATAR_MAX_BYTES))).toBeNull()
  })

  it('rejects other types and larger files with clear messages', () => {
    expect(checkAvatar(file('a.gif', 'image/gif', 10))).toBe('上传头像图片只能是 JPG/PNG 格式!')
    expect(checkAvatar(file('a.svg', '', 10))).toBe('上传头像图片只能是 JPG/PNG 格式!')
    expect(checkAvatar(file('a.png', 'image/png', AVATAR_MAX_BYTES + 1))).toBe(
      '上传头像图片大小不能超过 500KB!',
    )
  })

  it('checks the phone: 11 digits, or empty', () => {
    expect(checkPhone('09000000001')).toBeNull()
    expect(checkPhone('')).toBeNull()
    expect(checkPhone('0900000000')).toBe('请输入正确的手机号')
    expect(checkPhone('090000000012')).toBe('请输入正确的手机号')
    expect(checkPhone('0900000000a')).toBe('请输入正确的手机号')
  })

  it('checks the email when given', () => {
    expect(checkEmail('a@b.vn')).toBeNull()
    expect(checkEmail('')).toBeNull()
    expect(checkEmail('a@b')).toBe('请输入正确的邮箱')
  })
})
