// Personal info rules (docs/product.md §5, §9): avatar jpg/png up to 500 KB, phone of 11 digits,
// the new password typed twice.
import { t } from '@lingui/core/macro'

export const AVATAR_MAX_BYTES = 500 * 1024
const AVATAR_TYPES = ['image/jpeg', 'image/png']
const PHONE = /^\d{11}$/

/** The error message for an avatar file, or null when it may be uploaded. */
export function checkAvatar(file: Pick<File, 'type' | 'size' | 'name'>): string | null {
  const byName = /\.(jpe?g|png)$/i.test(file.name)
  if (!AVATAR_TYPES.includes(file.type) && !(file.type === '' && byName))
    return t`上传头像图片只能是 JPG/PNG 格式!`
  if (file.size > AVATAR_MAX_BYTES) return t`上传头像图片大小不能超过 500KB!`
  return null
}

/** Empty is allowed (the phone is optional); otherwise exactly 11 digits. */
export function checkPhone(value: string): string | null {
  return !value || PHONE.test(value) ? null : t`请输入正确的手机号`
}

export function checkEmail(value: string): string | null {
  return !value || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) ? null : t`请输入正确的邮箱`
}
