// A KOL follow-up log entry (our compatible extension; the offline phone screen writes it).
// Append-only with client-made ids. Writing one moves its KOL's contactStatus, lastContactTime and
// responseDeadline on the server, but only when it is newer than the KOL's last contact, so
// replays arriving out of order never move the KOL back.
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const kolFollowUp = defineEntity({
  name: 'kolFollowUp',
  title: msg`达人跟进记录`,
  api: '/kolFollowUp/kolFollowUp',
  table: 'dmr_kol_follow_up',
  tenant: true,
  base: true,
  softDelete: true,
  // Read with the KOL list menu; written with its add/edit buttons or its `kol_follow` row button (server).
  permission: 'kol',
  defaultSort: [{ field: 'contactTime', dir: 'desc' }],
  fields: [
    {
      name: 'id',
      label: msg`主键`,
      type: 'id',
      list: false,
      form: false,
      view: false,
      readOnly: true,
    },
    {
      name: 'kolId',
      label: msg`达人`,
      type: 'id',
      required: msg`请选择达人`,
      search: 'equal',
      options: { kind: 'select', url: '/kolFile/kolFile/select', label: 'kolName', value: 'id' },
    },
    {
      name: 'contactStatus',
      label: msg`联系状态`,
      type: 'string',
      required: msg`请选择联系状态`,
      maxLength: 32,
      options: { kind: 'dictBiz', code: 'kol_contact_status' },
      search: 'equal',
    },
    {
      name: 'contactTime',
      label: msg`联系时间`,
      type: 'datetime',
      required: msg`请选择联系时间`,
      search: 'between',
      sortable: true,
    },
    { name: 'nextContactTime', label: msg`下次联系时间`, type: 'datetime' },
    { name: 'responseDeadline', label: msg`回复期限`, type: 'datetime' },
    {
      name: 'note',
      label: msg`跟进内容`,
      type: 'text',
      maxLength: 2000,
      component: 'textarea',
      span: 24,
    },
    { name: 'createTime', label: msg`创建时间`, type: 'datetime', readOnly: true, form: false },
  ],
})
