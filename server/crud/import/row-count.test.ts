// The quick refusal of a csv of too many rows: line breaks inside quoted cells are no rows.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { MAX_IMPORT_ROWS, MSG_TOO_MANY_ROWS } from './limits.ts'
import { refuseTooManyRows } from './row-count.ts'

const dir = mkdtempSync(join(tmpdir(), 'row-count-'))
const csv = (name: string, text: string) => {
  const path = join(dir, name)
  writeFileSync(path, text)
  return { path, kind: 'csv' as const, size: text.length }
}

it('takes a file whose line breaks are inside a quoted cell', async () => {
  await expect(
    refuseTooManyRows(csv('quoted.csv', `a,b\n1,"${'\n'.repeat(MAX_IMPORT_ROWS + 5)}"\n2,x\n`)),
  ).resolves.toBeUndefined()
})

it('takes the most rows allowed, blank lines not counted', async () => {
  await expect(
    refuseTooManyRows(csv('max.csv', `a,b\n${'1,2\n'.repeat(MAX_IMPORT_ROWS)}\n\n,\n`)),
  ).resolves.toBeUndefined()
})

it('refuses one row more', async () => {
  await expect(
    refuseTooManyRows(csv('many.csv', `a,b\n${'1,2\n'.repeat(MAX_IMPORT_ROWS + 1)}`)),
  ).rejects.toThrow(MSG_TOO_MANY_ROWS)
})
