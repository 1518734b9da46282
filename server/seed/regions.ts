// Vietnam's provinces and centrally-run cities (the 34 units in force since 1 July 2025) under the
// root region '00', with their statistical codes. Idempotent.
import type { Kysely } from 'kysely'
import type { DB } from '../db/schema.ts'

type Unit = [code: string, name: string, zh: string, city: boolean]

export const VN_PROVINCES: Unit[] = [
  ['01', 'Hà Nội', '河内市', true],
  ['04', 'Cao Bằng', '高平省', false],
  ['08', 'Tuyên Quang', '宣光省', false],
  ['11', 'Điện Biên', '奠边省', false],
  ['12', 'Lai Châu', '莱州省', false],
  ['14', 'Sơn La', '山罗省', false],
  ['15', 'Lào Cai', '老街省', false],
  ['19', 'Thái Nguyên', '太原省', false],
  ['20', 'Lạng Sơn', '谅山省', false],
  ['22', 'Quảng Ninh', '广宁省', false],
  ['24', 'Bắc Ninh', '北宁省', false],
  ['25', 'Phú Thọ', '富寿省', false],
  ['31', 'Hải Phòng', '海防市', true],
  ['33', 'Hưng Yên', '兴安省', false],
  ['37', 'Ninh Bình', '宁平省', false],
  ['38', 'Thanh Hóa', '清化省', false],
  ['40', 'Nghệ An', '乂安省', false],
  ['42', 'Hà Tĩnh', '河静省', false],
  ['44', 'Quảng Trị', '广治省', false],
  ['46', 'Huế', '顺化市', true],
  ['48', 'Đà Nẵng', '岘港市', true],
  ['51', 'Quảng Ngãi', '广义省', false],
  ['52', 'Gia Lai', '嘉莱省', false],
  ['56', 'Khánh Hòa', '庆和省', false],
  ['66', 'Đắk Lắk', '多乐省', false],
  ['68', 'Lâm Đồng', '林同省', false],
  ['75', 'Đồng Nai', '同奈省', false],
  ['79', 'Hồ Chí Minh', '胡志明市', true],
  ['80', 'Tây Ninh', '西宁省', false],
  ['82', 'Đồng Tháp', '同塔省', false],
  ['86', 'Vĩnh Long', '永隆省', false],
  ['91', 'An Giang', '安江省', false],
  ['92', 'Cần Thơ', '芹苴市', true],
  ['96', 'Cà Mau', '金瓯省', false],
]

export async function seedRegions(db: Kysely<DB>): Promise<void> {
  const existing = new Set(
    (await db.selectFrom('bladeRegion').select('code').execute()).map((r) => r.code),
  )
  const rows = [
    {
      code: '00',
      parentCode: '0',
      ancestors: '0',
      name: '越南',
      level: 0,
      sort: 1,
      remark: 'Việt Nam',
    },
    ...VN_PROVINCES.map(([code, name, zh, city], i) => ({
      code,
      parentCode: '00',
      ancestors: '0,00',
      name: `${zh} ${name}`,
      provinceCode: code,
      provinceName: `${zh} ${name}`,
      level: 1,
      sort: i + 1,
      remark: city ? '中央直辖市 thành phố trực thuộc trung ương' : '省 tỉnh',
    })),
  ].filter((r) => !existing.has(r.code))
  if (rows.length) await db.insertInto('bladeRegion').values(rows).execute()
}
