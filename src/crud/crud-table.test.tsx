// The desktop table's column widths: every column keeps at least its declared width (or the default),
// so a long unbreakable value in one column cannot squeeze another's header to a character a line.
import { msg } from '@lingui/core/runtime-macro'
import { screen } from '@testing-library/react'
import { expect, it } from 'vitest'
import { defineEntity, type FieldDef } from '@/domain/entity'
import { CrudTable } from './crud-table'
import { renderScreen } from './test-utils'

const gifts = defineEntity({
  name: 'widthDemo',
  title: msg`演示`,
  api: '/demo/width',
  table: 'demo_width',
  tenant: false,
  base: false,
  softDelete: false,
  permission: 'width_demo',
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', list: false, form: false, readOnly: true },
    { name: 'liveId', label: msg`直播ID`, type: 'string', maxLength: 40, width: 170 },
    { name: 'giftPrice', label: msg`礼物单价(金币)`, type: 'number' },
  ],
})

it('gives each column its declared width, or the default, as its least width', async () => {
  const columns: FieldDef[] = gifts.fields.slice(1)
  renderScreen(() => <CrudTable def={gifts} columns={columns} rows={[{ id: '1', liveId: '7310893132233193703731089313223319370', giftPrice: 1 }]} loading={false} firstIndex={1} selected={new Set()} onSelect={() => {}} sort={null} onSort={() => {}} />)
  const header = async (name: string) => (await screen.findByRole('columnheader', { name })).style.minWidth
  // Mantine writes widths in rem: 170 px = 10.625rem, the default 110 px = 6.875rem.
  expect(await header('直播ID')).toContain('10.625rem')
  expect(await header('礼物单价(金币)')).toContain('6.875rem')
})
