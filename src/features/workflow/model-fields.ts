// The checks of the designer's model fields (flow-model-rules.ts), with the messages shown.
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import {
  MODEL_DESCRIPTION_MAX,
  MODEL_KEY_MAX,
  MODEL_KEY_PATTERN,
  MODEL_NAME_MAX,
} from '@/domain/workflow/flow-model-rules'

export interface ModelFields {
  modelKey: string
  name: string
  description: string
}

export function modelFieldRules(i18n: I18n) {
  return {
    modelKey: (v: string) =>
      !v.trim()
        ? i18n._(msg`请输入模型标识`)
        : !MODEL_KEY_PATTERN.test(v.trim())
          ? i18n._(msg`模型标识须以字母开头，只含字母、数字、下划线和中划线`)
          : v.trim().length > MODEL_KEY_MAX
            ? i18n._(msg`模型标识最多 ${MODEL_KEY_MAX} 个字符`)
            : null,
    name: (v: string) =>
      !v.trim()
        ? i18n._(msg`请输入模型名称`)
        : v.trim().length > MODEL_NAME_MAX
          ? i18n._(msg`模型名称最多 ${MODEL_NAME_MAX} 个字符`)
          : null,
    description: (v: string) =>
      v.length > MODEL_DESCRIPTION_MAX
        ? i18n._(msg`模型描述最多 ${MODEL_DESCRIPTION_MAX} 个字符`)
        : null,
  }
}
