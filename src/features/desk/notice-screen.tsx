// Notices (/desk/notice): the generic list, with the content written in a rich-text editor and
// shown as sanitised HTML in the view dialog.
import { useLingui } from '@lingui/react'
import { CrudScreen } from '@/crud/crud-screen'
import type { FormSection } from '@/crud/crud-form'
import type { EntityDef, FieldDef } from '@/domain/entity'
import { notice } from '@/domain/desk/notice'
import { RichEditor } from './rich-editor'
import { sanitizeHtml } from './sanitize-html'

const content = notice.fields.find((f) => f.name === 'content') as FieldDef
// The engine renders the other fields; the content is edited below them.
const def: EntityDef = { ...notice, fields: notice.fields.map((f) => (f === content ? { ...f, form: false } : f)) }

function ContentEditor({ form, record }: Parameters<FormSection>[0]) {
  const { i18n } = useLingui()
  const value = form.values.content ?? record.content ?? ''
  return <RichEditor label={i18n._(content.label)} value={String(value)} onChange={(html) => form.setFieldValue('content', html)} />
}

export default function NoticeScreen() {
  return (
    <CrudScreen
      entity={def}
      slots={{
        formSection: (ctx) => <ContentEditor {...ctx} />,
        cells: { content: (_row, v) => <span className="notice-content" dangerouslySetInnerHTML={{ __html: sanitizeHtml(String(v ?? '')) }} /> },
      }}
    />
  )
}
