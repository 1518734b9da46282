// System (plain) dictionaries: one parent row per code (dictKey -1) and its entries (integer
// keys), values in Chinese with the English label in remark. docs/contract.md §9, plus the codes
// the business screens use.
export interface DictSeed {
  code: string
  name: string
  remark: string
  /** [dictKey, dictValue, English label] */
  entries: [string, string, string][]
}

export const DICTS: DictSeed[] = [
  {
    code: 'yes_no',
    name: '是否',
    remark: 'Yes / No',
    entries: [
      ['1', '否', 'No'],
      ['2', '是', 'Yes'],
    ],
  },
  {
    code: 'sex',
    name: '性别',
    remark: 'Sex',
    entries: [
      ['1', '男', 'Male'],
      ['2', '女', 'Female'],
      ['3', '未知', 'Unknown'],
    ],
  },
  {
    code: 'datasource_category',
    name: '数据源类型',
    remark: 'Data source category',
    entries: [
      ['1', 'JDBC连接', 'JDBC connection'],
      ['2', '分片YAML', 'Sharding YAML'],
    ],
  },
  {
    code: 'menu_category',
    name: '菜单类型',
    remark: 'Menu category',
    entries: [
      ['1', '菜单', 'Menu'],
      ['2', '按钮', 'Button'],
    ],
  },
  {
    code: 'button_func',
    name: '按钮功能',
    remark: 'Button placement',
    entries: [
      ['1', '工具栏', 'Toolbar'],
      ['2', '操作栏', 'Row'],
      ['3', '工具操作栏', 'Toolbar and row'],
    ],
  },
  {
    code: 'data_scope_type',
    name: '数据权限',
    remark: 'Data scope type',
    entries: [
      ['1', '全部可见', 'All'],
      ['2', '本人可见', 'Own'],
      ['3', '所在机构可见', 'Own department'],
      ['4', '所在机构及子级可见', 'Own department and below'],
      ['5', '自定义', 'Custom'],
    ],
  },
  {
    code: 'api_scope_type',
    name: '接口权限',
    remark: 'API scope type',
    entries: [
      ['1', '系统接口', 'System API'],
      ['2', '业务接口', 'Business API'],
    ],
  },
  {
    code: 'post_category',
    name: '岗位类型',
    remark: 'Post category',
    entries: [
      ['1', '高层', 'Senior'],
      ['2', '中层', 'Middle'],
      ['3', '基层', 'Junior'],
      ['4', '其他', 'Other'],
    ],
  },
  {
    code: 'org_category',
    name: '机构类型',
    remark: 'Organisation category',
    entries: [
      ['1', '公司', 'Company'],
      ['2', '部门', 'Department'],
      ['3', '小组', 'Team'],
    ],
  },
  // A deployed process's category flow_<key> names its form: the remark is the route (flow_1 -> leave -> /work/process/leave/form/...).
  {
    code: 'flow',
    name: '流程类型',
    remark: 'Workflow category',
    entries: [['1', '请假流程', 'leave']],
  },
  {
    code: 'notice',
    name: '通知类型',
    remark: 'Notice category',
    entries: [
      ['1', '发布通知', 'Release'],
      ['2', '批转通知', 'Approval'],
      ['3', '转发通知', 'Forward'],
      ['4', '指示通知', 'Instruction'],
      ['5', '任免通知', 'Appointment'],
      ['6', '事务通知', 'Affairs'],
    ],
  },
  {
    code: 'region',
    name: '行政区划',
    remark: 'Region level',
    entries: [
      ['0', '国家', 'Country'],
      ['1', '省份/直辖市', 'Province'],
      ['2', '地市', 'City'],
      ['3', '区县', 'District'],
      ['4', '乡镇', 'Town'],
      ['5', '村委', 'Village'],
    ],
  },
  {
    code: 'oss',
    name: '对象存储',
    remark: 'Object storage',
    entries: [
      ['1', 'minio', 'MinIO'],
      ['2', '七牛云', 'Qiniu'],
      ['3', '阿里云', 'Alibaba Cloud'],
      ['4', '腾讯云', 'Tencent Cloud'],
      ['5', '本地存储', 'Local'],
    ],
  },
  {
    code: 'sms',
    name: '短信服务',
    remark: 'SMS provider',
    entries: [
      ['1', '云片', 'Yunpian'],
      ['2', '七牛云', 'Qiniu'],
      ['3', '阿里云', 'Alibaba Cloud'],
      ['4', '腾讯云', 'Tencent Cloud'],
    ],
  },
]
