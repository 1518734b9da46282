import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { readSheetText } from '../crud/import/read-sheet.ts'
import { dateCell, writeXlsx } from './xlsx.ts'

describe('xlsx writer', () => {
  it('round-trips text, numbers, empty cells and XML characters', async () => {
    const bytes = writeXlsx(
      '用户',
      ['账户', '姓名', '年龄'],
      [
        ['admin', '管理员 <&>', 30],
        ['x', null, 1.5],
      ],
    )
    expect(bytes[0]).toBe(0x50) // PK zip header
    expect(await readSheetText(bytes)).toEqual([
      ['账户', '姓名', '年龄'],
      ['admin', '管理员 <&>', '30'],
      ['x', '', '1.5'],
    ])
  })

  it('writes numbers as numbers, dates as date cells with a format, formula-looking text as text (read back by exceljs)', async () => {
    const bytes = writeXlsx(
      '类型',
      ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
      [
        [
          1234.5,
          dateCell('2026-03-04 05:06:07'),
          dateCell('2026-03-04'),
          '=SUM(A1:A9)',
          '+84912345678',
          '-5',
          '@x',
        ],
      ],
    )
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer)
    const row = wb.worksheets[0]!.getRow(2)
    expect(row.getCell(1).type).toBe(ExcelJS.ValueType.Number)
    expect(row.getCell(1).value).toBe(1234.5)
    expect(row.getCell(2).type).toBe(ExcelJS.ValueType.Date)
    expect((row.getCell(2).value as Date).toISOString()).toBe('2026-03-04T05:06:07.000Z')
    expect(row.getCell(2).numFmt).toBe('yyyy-mm-dd hh:mm:ss')
    expect(row.getCell(3).type).toBe(ExcelJS.ValueType.Date)
    expect(row.getCell(3).numFmt).toBe('yyyy-mm-dd')
    for (const [i, text] of [
      [4, '=SUM(A1:A9)'],
      [5, '+84912345678'],
      [6, '-5'],
      [7, '@x'],
    ] as const) {
      expect(row.getCell(i).type).toBe(ExcelJS.ValueType.String)
      expect(row.getCell(i).value).toBe(text)
    }
    expect(wb.worksheets[0]!.name).toBe('类型')
  })

  it('refuses bytes that are neither xlsx nor csv text', async () => {
    await expect(readSheetText(new Uint8Array([0xff, 0xfe, 0x00, 0x01, 0x02]))).rejects.toThrow(
      '.xlsx 或 .csv',
    )
  })
})
