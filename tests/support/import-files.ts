// Import files built in tests and benches: TikTok Seller Center order exports as xlsx (exceljs)
// or csv, and the multipart upload the import dialog sends.
import ExcelJS from 'exceljs'

/** The export's headers as TikTok Shop writes them (some with odd case and spaces, as files come). */
export const TK_HEADERS = [
  'Order ID',
  'order status',
  'Order  Substatus',
  'Cancelation/Return Type',
  'Cancel By',
  ' SKU ID ',
  'Product Name',
  'Quantity',
  'SKU Unit Original Price',
  'SKU Subtotal Before Discount',
  'SKU Platform Discount',
  'SKU Seller Discount',
  'SKU Subtotal After Discount',
  'Shipping Fee After Discount',
  'Original Shipping Fee',
  'Shipping Fee Platform Discount',
  'Order Amount',
  'Order Refund Amount',
  'CREATED TIME',
  'Buyer Username',
  'Province',
  'Payment Method',
]

export type TkCell = string | number | Date | null

/** One realistic order line; `created` is 'dd/MM/yyyy HH:mm:ss' text or a Date (an Excel date cell). */
export function tkLine(
  i: number,
  created: string | Date,
  over: Partial<Record<string, TkCell>> = {},
): TkCell[] {
  const qty = (i % 3) + 1
  const price = 150000 + (i % 7) * 10000
  const base: Record<string, TkCell> = {
    'Order ID': String(576000000000000000n + BigInt(Math.floor(i / 2))),
    'order status': i % 5 === 0 ? 'Canceled' : 'Completed',
    'Order  Substatus': i % 11 === 0 ? 'Delivery failed' : '',
    'Cancelation/Return Type': i % 5 === 0 ? 'Cancel' : i % 7 === 0 ? 'Return/Refund' : '',
    'Cancel By': i % 5 === 0 ? 'User' : '',
    ' SKU ID ': String(1729000000000000000n + BigInt(i % 2)),
    'Product Name': `Áo thun nữ cotton ${i % 9}`,
    Quantity: qty,
    'SKU Unit Original Price': `${price.toLocaleString('en-US')} VND`,
    'SKU Subtotal Before Discount': price * qty,
    'SKU Platform Discount': 5000,
    'SKU Seller Discount': '10,000',
    'SKU Subtotal After Discount': price * qty - 15000,
    'Shipping Fee After Discount': '₫ 16,500',
    'Original Shipping Fee': 32000,
    'Shipping Fee Platform Discount': 15500,
    'Order Amount': price * qty - 15000 + 16500,
    'Order Refund Amount': i % 7 === 0 ? price * qty - 15000 : 0,
    'CREATED TIME': created,
    'Buyer Username': `buyer_${i}`,
    Province: i % 2 ? 'Hồ Chí Minh' : 'Hà Nội',
    'Payment Method': 'COD',
  }
  return TK_HEADERS.map((h) => (h in over ? over[h]! : base[h]!))
}

/**
 * An xlsx of these rows. otherSheet: a "Notes" sheet is sheet1.xml (lexically first in the zip) while
 * the workbook lists the orders first, as a workbook whose sheets were reordered does.
 */
export async function xlsxOf(
  header: string[],
  rows: TkCell[][],
  opts: { otherSheet?: boolean } = {},
): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook()
  const notes = opts.otherSheet ? wb.addWorksheet('Notes') : null
  const main = wb.addWorksheet('Orders')
  main.addRow(header)
  for (const r of rows) main.addRow(r)
  main.eachRow((row) =>
    row.eachCell((c) => void (c.value instanceof Date && (c.numFmt = 'dd/mm/yyyy hh:mm:ss'))),
  )
  if (notes) {
    notes.addRow(['Order ID', 'SKU ID', 'Created Time'])
    notes.addRow(['1', '1', 'not a date'])
    // exceljs orders the workbook's sheet list by orderNo (not in its types).
    Object.assign(main, { orderNo: 1 })
    Object.assign(notes, { orderNo: 2 })
  }
  return new Uint8Array(await wb.xlsx.writeBuffer())
}

const csvCell = (c: TkCell, delimiter: string) => {
  const s =
    c === null ? '' : c instanceof Date ? c.toISOString().slice(0, 19).replace('T', ' ') : String(c)
  return s.includes(delimiter) || s.includes('"') || s.includes('\n')
    ? `"${s.replace(/"/g, '""')}"`
    : s
}

export function csvOf(
  header: string[],
  rows: TkCell[][],
  opts: { delimiter?: string; bom?: boolean } = {},
): Uint8Array {
  const d = opts.delimiter ?? ','
  const text = [header, ...rows].map((r) => r.map((c) => csvCell(c, d)).join(d)).join('\r\n')
  return new TextEncoder().encode((opts.bom ? '\ufeff' : '') + text)
}

export async function uploadFile(
  baseUrl: string,
  path: string,
  token: string,
  bytes: Uint8Array,
  name: string,
  query: Record<string, string> = {},
  fields: Record<string, string> = {},
) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  form.set('file', new Blob([Buffer.from(bytes)]), name)
  const url = new URL(`/api${path}`, baseUrl)
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v)
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Blade-Auth': `bearer ${token}` },
    body: form,
  })
  return {
    status: res.status,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are asserted field by field
    body: (await res.json()) as { code: number; msg: string; data: any },
  }
}
