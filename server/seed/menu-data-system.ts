// Menu tree, part 1: desk and the system administration screens (docs/product.md §1, §2).
import { btn, CRUD, folder, screen, type MenuSeed } from './menu-types.ts'

export const SYSTEM_MENUS: MenuSeed[] = [
  folder('desk', '工作台', 'Desk', '/desk', 'IconLayoutDashboard', [
    screen('notice', '通知公告', 'Notices', '/desk/notice', 'IconBell', CRUD),
  ]),
  folder('system', '系统管理', 'System', '/system', 'IconSettings', [
    screen('user', '用户管理', 'Users', '/system/user', 'IconUser', [
      ...CRUD,
      btn('role', '角色配置', 1, 'IconUserShield'),
      btn('reset', '密码重置', 1, 'IconKey'),
      btn('unlock', '账号解封', 1, 'IconLockOpen'),
      btn('audit', '用户审核', 1, 'IconUserCheck'),
      'import',
      'export',
      btn('platform', '平台配置', 1, 'IconDevices'),
    ]),
    screen('dept', '部门管理', 'Departments', '/system/dept', 'IconSitemap', CRUD),
    screen('post', '岗位管理', 'Posts', '/system/post', 'IconId', CRUD),
    screen('dict', '系统字典', 'Dictionaries', '/system/dict', 'IconBook', CRUD),
    screen('dict_biz', '业务字典', 'Business Dictionary', '/system/dict-biz', 'IconBook2', CRUD),
    screen(
      'dict_horizontal',
      '字典横向',
      'Dictionary (Horizontal)',
      '/dict-horizontal/index',
      'IconLayoutColumns',
      CRUD,
    ),
    screen(
      'dict_vertical',
      '字典纵向',
      'Dictionary (Vertical)',
      '/dict-vertical/index',
      'IconLayoutRows',
      CRUD,
    ),
    screen('menu', '菜单管理', 'Menus', '/system/menu', 'IconMenu2', CRUD),
    screen('topmenu', '顶部菜单', 'Top Menus', '/system/topmenu', 'IconLayoutNavbar', [
      ...CRUD,
      btn('setting', '菜单配置', 2, 'IconListCheck'),
    ]),
    screen('param', '参数管理', 'Parameters', '/system/param', 'IconAdjustments', CRUD),
    screen('region', '行政区划', 'Regions', '/system/region', 'IconMap', [
      ...CRUD,
      'import',
      'export',
    ]),
    screen('tenant', '租户管理', 'Tenants', '/system/tenant', 'IconBuildingSkyscraper', [
      ...CRUD,
      btn('setting', '授权配置', 1, 'IconSettings'),
      btn('datasource', '数据源配置', 1, 'IconDatabaseCog'),
      btn('package_setting', '套餐配置', 1, 'IconPackage'),
      btn('recycle', '回收', 3, 'IconRecycle'),
      btn('pass', '恢复', 2, 'IconRestore'),
    ]),
    // Tenant package view is off (docs/product.md §2 "Layout specifics").
    screen(
      'tenant_package',
      '租户套餐',
      'Tenant Packages',
      '/system/tenant-package',
      'IconPackages',
      ['add', 'edit', 'delete'],
    ),
    screen(
      'tenant_data_source',
      '租户数据源',
      'Tenant Data Sources',
      '/system/tenant-datasource',
      'IconDatabaseShare',
      CRUD,
    ),
    screen('client', '应用管理', 'Clients', '/system/client', 'IconApps', CRUD),
  ]),
  folder('authority', '权限管理', 'Authority', '/authority', 'IconShieldLock', [
    screen('role', '角色管理', 'Roles', '/authority/role', 'IconUsersGroup', [
      ...CRUD,
      btn('grant', '权限设置', 1, 'IconShieldCheck'),
    ]),
    screen('data_scope', '数据权限', 'Data Scopes', '/authority/datascope', 'IconDatabaseCog', [
      ...CRUD,
      btn('setting', '权限配置', 2, 'IconSettings'),
    ]),
    screen('api_scope', '接口权限', 'API Scopes', '/authority/apiscope', 'IconApi', [
      ...CRUD,
      btn('setting', '权限配置', 2, 'IconSettings'),
    ]),
  ]),
  folder('resource', '资源管理', 'Resources', '/resource', 'IconFolder', [
    screen('attach', '附件管理', 'Attachments', '/resource/attach', 'IconPaperclip', [
      btn('upload', '上传', 1, 'IconUpload'),
      btn('download', '下载', 2, 'IconDownload'),
      'delete',
      'view',
    ]),
    screen('oss', '对象存储', 'Cloud Storage', '/resource/oss', 'IconCloud', [
      ...CRUD,
      btn('enable', '启用', 2, 'IconCircleCheck'),
    ]),
    screen('sms', '短信配置', 'SMS', '/resource/sms', 'IconMessage', [
      ...CRUD,
      btn('enable', '启用', 2, 'IconCircleCheck'),
      btn('send', '发送', 2, 'IconSend'),
    ]),
  ]),
  folder('monitor', '系统监控', 'Monitor', '/monitor', 'IconDeviceDesktopAnalytics', [
    folder('log', '日志管理', 'Logs', '/monitor/log', 'IconFileText', [
      screen('log_usual', '通用日志', 'Usual Logs', '/monitor/log/usual', 'IconFileDescription', [
        'view',
      ]),
      screen('log_api', '接口日志', 'API Logs', '/monitor/log/api', 'IconFileCode', ['view']),
      screen('log_error', '错误日志', 'Error Logs', '/monitor/log/error', 'IconBug', ['view']),
    ]),
  ]),
  folder('report', '报表管理', 'Reports', '/report', 'IconReportAnalytics', [
    screen('report_rest', '报表列表', 'REST Reports', '/report/reportlist', 'IconTable', [
      'delete',
      'view',
    ]),
  ]),
]
