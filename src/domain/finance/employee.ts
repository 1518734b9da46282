// An employee record (员工管理, spec §2/§3): names, status, dates, salaries in VND, bank account and
// citizen ID. The screen has no add (spec §2): employees come in through the xlsx/csv import, keyed
// by the citizen ID (dmrEmpIdcard, unique per tenant among live rows). salaryBasicTotal and
// salaryInternshipTotal are the server's (server/modules/employee), never taken from a request.
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

export const EMP_EMPLOYED = 0
export const EMP_RESIGNED = 1

/** The largest monthly salary or benefit taken (đồng). */
export const MAX_SALARY = 1_000_000_000

export const employee = defineEntity({
  name: 'employee',
  title: msg`员工管理`,
  api: '/dmr/employee',
  table: 'dmr_employee',
  tenant: true,
  base: true,
  softDelete: true,
  unique: [['dmrEmpIdcard']],
  permission: 'employee',
  layout: { searchSpan: 6, border: true, selection: true, index: true, view: false, add: false, edit: true, menuWidth: 140, menuAlign: 'center' },
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', list: false, form: false, view: false, readOnly: true },
    { name: 'dmrEmpCnName', label: msg`中文姓名`, type: 'string', maxLength: 100, form: false, search: 'like' },
    { name: 'dmrEmpVnName', label: msg`越南语姓名`, type: 'string', required: msg`请输入越南语姓名`, maxLength: 100, search: 'like', sortable: true, example: 'Nguyễn Văn An' },
    { name: 'dmrEmpSex', label: msg`性别`, type: 'integer', component: 'radio', options: { kind: 'dict', code: 'sex' }, width: 80 },
    {
      name: 'dmrEmpStatus',
      label: msg`员工状态`,
      type: 'integer',
      defaultValue: EMP_EMPLOYED,
      search: 'equal',
      width: 100,
      options: { kind: 'static', options: [{ value: EMP_EMPLOYED, label: msg`在职` }, { value: EMP_RESIGNED, label: msg`离职` }] },
    },
    { name: 'dmrEmpHireDate', label: msg`入职日期`, type: 'date', search: 'between', sortable: true, width: 120 },
    { name: 'dmrEmpRegularDate', label: msg`转正日期`, type: 'date', width: 120 },
    { name: 'dmrEmpInternshipSalary', label: msg`实习工资`, type: 'number', min: 0, max: MAX_SALARY, format: 'vnd', defaultValue: 0, example: 5000000, width: 130 },
    { name: 'dmrEmpBasicSalary', label: msg`基本工资`, type: 'number', min: 0, max: MAX_SALARY, format: 'vnd', defaultValue: 0, example: 12000000, width: 130 },
    { name: 'dmrEmpBenefit', label: msg`福利补贴`, type: 'number', min: 0, max: MAX_SALARY, format: 'vnd', defaultValue: 0, example: 1500000, width: 130 },
    { name: 'salaryInternshipTotal', label: msg`实习工资合计`, type: 'number', readOnly: true, form: false, format: 'vnd', width: 140 },
    { name: 'salaryBasicTotal', label: msg`基本工资合计`, type: 'number', readOnly: true, form: false, format: 'vnd', sortable: true, width: 140 },
    { name: 'dmrEmpBank', label: msg`开户银行`, type: 'string', maxLength: 64, options: { kind: 'dictBizChild', code: 'bank', size: 20 }, search: 'equal', width: 130 },
    { name: 'dmrEmpBankAccount', label: msg`银行账号`, type: 'string', maxLength: 20, pattern: { regex: '^[0-9]{6,20}$', message: msg`银行账号应为6至20位数字` }, example: '0071000123456', width: 150 },
    { name: 'dmrEmpAddress', label: msg`住址`, type: 'string', maxLength: 500, list: 'hidden', span: 24 },
    { name: 'dmrEmpBirthday', label: msg`出生日期`, type: 'date', editable: false, width: 120 },
    { name: 'dmrEmpIdcard', label: msg`身份证号`, type: 'string', required: msg`请输入身份证号`, maxLength: 12, pattern: { regex: '^([0-9]{9}|[0-9]{12})$', message: msg`身份证号应为9位或12位数字` }, search: 'equal', example: '079203001234', width: 140 },
    { name: 'dmrEmpEmail', label: msg`邮箱`, type: 'string', maxLength: 100, form: false, pattern: { regex: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', message: msg`请输入正确的邮箱地址` }, width: 180 },
  ],
  import: {
    key: ['dmrEmpIdcard'],
    columns: [
      { field: 'dmrEmpIdcard', headers: ['Citizen ID', 'Số CCCD', '身份证号'], required: true },
      { field: 'dmrEmpVnName', headers: ['Vietnamese Name', 'Họ và tên', '越南语姓名'], required: true },
      { field: 'dmrEmpCnName', headers: ['Chinese Name', '中文姓名'] },
      { field: 'dmrEmpSex', headers: ['Sex (1 male, 2 female)', 'Sex', 'Giới tính', '性别'] },
      { field: 'dmrEmpStatus', headers: ['Status', 'Trạng thái', '员工状态'] },
      { field: 'dmrEmpHireDate', headers: ['Hire Date', 'Ngày vào làm', '入职日期'] },
      { field: 'dmrEmpRegularDate', headers: ['Regular Date', 'Ngày chính thức', '转正日期'] },
      { field: 'dmrEmpInternshipSalary', headers: ['Internship Salary', 'Lương thử việc', '实习工资'] },
      { field: 'dmrEmpBasicSalary', headers: ['Basic Salary', 'Lương cơ bản', '基本工资'] },
      { field: 'dmrEmpBenefit', headers: ['Benefit', 'Phụ cấp', '福利补贴'] },
      { field: 'dmrEmpBank', headers: ['Bank', 'Ngân hàng', '开户银行'] },
      { field: 'dmrEmpBankAccount', headers: ['Bank Account', 'Số tài khoản', '银行账号'] },
      { field: 'dmrEmpAddress', headers: ['Address', 'Địa chỉ', '住址'] },
      { field: 'dmrEmpBirthday', headers: ['Birthday', 'Ngày sinh', '出生日期'] },
      { field: 'dmrEmpEmail', headers: ['Email', '邮箱'] },
    ],
  },
})
