// Generic validation and display messages shared by server and app. Declared with the runtime msg
// so that Node can run this file as it is and Lingui still extracts the messages.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/runtime-macro'

/** A message with values; values may themselves be messages (a field label). */
export interface Message {
  descriptor: MessageDescriptor
  values?: Record<string, string | number | MessageDescriptor>
}

export const messages = {
  required: (label: MessageDescriptor): Message => ({
    descriptor: msg`${{ label: '' }}不能为空`,
    values: { label },
  }),
  notNumber: (label: MessageDescriptor): Message => ({
    descriptor: msg`${{ label: '' }}只能是数字`,
    values: { label },
  }),
  notInteger: (label: MessageDescriptor): Message => ({
    descriptor: msg`${{ label: '' }}只能是整数`,
    values: { label },
  }),
  tooSmall: (label: MessageDescriptor, min: number): Message => ({
    descriptor: msg`${{ label: '' }}不能小于${{ min: 0 }}`,
    values: { label, min },
  }),
  tooLarge: (label: MessageDescriptor, max: number): Message => ({
    descriptor: msg`${{ label: '' }}不能大于${{ max: 0 }}`,
    values: { label, max },
  }),
  tooLong: (label: MessageDescriptor, max: number): Message => ({
    descriptor: msg`${{ label: '' }}长度不能超过${{ max: 0 }}个字符`,
    values: { label, max },
  }),
  tooManyRows: (label: MessageDescriptor, max: number): Message => ({
    descriptor: msg`${{ label: '' }}最多${{ max: 0 }}行`,
    values: { label, max },
  }),
  badFormat: (label: MessageDescriptor): Message => ({
    descriptor: msg`${{ label: '' }}格式不正确`,
    values: { label },
  }),
  badDate: (label: MessageDescriptor): Message => ({
    descriptor: msg`${{ label: '' }}不是有效的日期`,
    values: { label },
  }),
  badOption: (label: MessageDescriptor): Message => ({
    descriptor: msg`${{ label: '' }}的值不在可选范围内`,
    values: { label },
  }),
  // A queued write's payload schema version the server no longer / not yet accepts (payload-version.ts).
  payloadTooOld: (): Message => ({ descriptor: msg`客户端版本过旧，请刷新页面后重试` }),
  payloadTooNew: (): Message => ({ descriptor: msg`客户端版本比服务器新，请稍后重试` }),
}

/** Renders a message in its source language (Chinese), for the server's answers. */
export function sourceText(m: Message | MessageDescriptor): string {
  const d = 'descriptor' in m ? m.descriptor : m
  const values = 'descriptor' in m ? (m.values ?? {}) : {}
  return (d.message ?? d.id).replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = values[k]
    if (v === undefined) return ''
    return typeof v === 'object' ? (v.message ?? v.id) : String(v)
  })
}
