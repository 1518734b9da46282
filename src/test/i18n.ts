// Activates Lingui for 'zh' with the compiled catalog, for tests that call t outside components.
import { i18n } from '@lingui/core'
import { messages } from '../locales/zh/messages'

if (i18n.locale !== 'zh') i18n.loadAndActivate({ locale: 'zh', messages })
