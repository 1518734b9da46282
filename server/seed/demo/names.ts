// Vietnamese people, places and handles for the demo rows: family, middle and given names as they
// are really spread (Nguyễn first by far), the province list the region seed uses, street names.
import { VN_PROVINCES } from '../regions.ts'
import type { Draws } from './random.ts'

const FAMILY: readonly (readonly [string, number])[] = [
  ['Nguyễn', 38],
  ['Trần', 11],
  ['Lê', 9],
  ['Phạm', 7],
  ['Hoàng', 5],
  ['Huỳnh', 4],
  ['Phan', 4],
  ['Vũ', 4],
  ['Võ', 3],
  ['Đặng', 2],
  ['Bùi', 2],
  ['Đỗ', 2],
  ['Hồ', 2],
  ['Ngô', 2],
  ['Dương', 1],
  ['Lý', 1],
]
const MIDDLE_F = ['Thị', 'Ngọc', 'Thu', 'Thanh', 'Minh', 'Bảo', 'Hoài', 'Kim', 'Phương', 'Mỹ']
const MIDDLE_M = ['Văn', 'Minh', 'Đức', 'Quang', 'Hữu', 'Thanh', 'Gia', 'Hoàng', 'Công', 'Tuấn']
const GIVEN_F = [
  'An',
  'Anh',
  'Châu',
  'Giang',
  'Hà',
  'Hạnh',
  'Hoa',
  'Hương',
  'Lan',
  'Linh',
  'Mai',
  'My',
  'Ngân',
  'Nhung',
  'Phương',
  'Quyên',
  'Thảo',
  'Trang',
  'Trâm',
  'Trinh',
  'Uyên',
  'Vân',
  'Vy',
  'Yến',
  'Ngọc',
  'Thư',
  'Nhi',
  'Hằng',
]
const GIVEN_M = [
  'An',
  'Bình',
  'Dũng',
  'Hải',
  'Hiếu',
  'Hùng',
  'Khánh',
  'Long',
  'Minh',
  'Nam',
  'Phong',
  'Phúc',
  'Quân',
  'Sơn',
  'Thắng',
  'Tuấn',
  'Tú',
  'Huy',
  'Khoa',
  'Đạt',
  'Duy',
  'Trung',
  'Vinh',
  'Kiên',
]

export interface Person {
  /** Full name, family name first: "Nguyễn Thị Lan". */
  name: string
  given: string
  family: string
  /** 1 male, 2 female (the `sex` dictionary). */
  sex: 1 | 2
}

export function person(d: Draws, sex: 1 | 2 = d.chance(0.62) ? 2 : 1): Person {
  const family = d.weighted(FAMILY)
  const given = d.pick(sex === 2 ? GIVEN_F : GIVEN_M)
  return {
    name: `${family} ${d.pick(sex === 2 ? MIDDLE_F : MIDDLE_M)} ${given}`,
    given,
    family,
    sex,
  }
}

/** Letters without diacritics, as handles and e-mail names are typed. */
function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
}

/** A TikTok-style handle of a person: "lan.nguyen93". */
export function handle(p: Person, d: Draws): string {
  const base = plain(`${p.given}.${p.family}`).toLowerCase()
  return d.chance(0.7)
    ? `${base}${d.int(1, 99)}`
    : `${base}_${d.pick(['official', 'shop', 'vn', 'daily', 'review'])}`
}

/** A Vietnamese mobile number (Viettel, Vinaphone, Mobifone prefixes). */
export function mobile(d: Draws): string {
  return `${d.pick(['086', '096', '097', '098', '032', '033', '088', '091', '094', '089', '090', '093', '070', '079'])}${String(d.int(0, 9_999_999)).padStart(7, '0')}`
}

/** Provinces weighted by where online orders come from (the two big cities first). */
const PROVINCE_WEIGHT: Record<string, number> = {
  '79': 30,
  '01': 22,
  '48': 5,
  '31': 4,
  '92': 3,
  '75': 4,
  '24': 3,
  '56': 2,
  '38': 2,
  '40': 2,
}
const PROVINCES = VN_PROVINCES.map(
  ([code, vi, zh]) => [{ code, vi, zh, label: `${zh} ${vi}` }, PROVINCE_WEIGHT[code] ?? 1] as const,
)

export type Province = (typeof PROVINCES)[number][0]

export const province = (d: Draws): Province => d.weighted(PROVINCES)

const STREETS = [
  'Lê Lợi',
  'Nguyễn Huệ',
  'Trần Hưng Đạo',
  'Hai Bà Trưng',
  'Lý Thường Kiệt',
  'Điện Biên Phủ',
  'Nguyễn Trãi',
  'Phan Đình Phùng',
  'Võ Văn Tần',
  'Cách Mạng Tháng Tám',
  'Lê Duẩn',
  'Hoàng Diệu',
  'Quang Trung',
  'Bà Triệu',
  'Nguyễn Thị Minh Khai',
]

/** A street address in the province: "số 12 Lê Lợi, Hồ Chí Minh". */
export function address(d: Draws, p: Province): string {
  return `Số ${d.int(1, 299)} ${d.pick(STREETS)}, ${p.vi}`
}
