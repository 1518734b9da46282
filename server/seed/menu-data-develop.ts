// Menu tree, part 2: developer tools (code generator, scheduled jobs, workflow).
import { btn, CRUD, folder, screen, type MenuSeed } from './menu-types.ts'

export const DEVELOP_MENUS: MenuSeed[] = [
  folder('tool', '研发工具', 'Developer Tools', '/tool', 'IconTool', [
    screen('model', '数据模型', 'Models', '/tool/model', 'IconSchema', [
      ...CRUD,
      btn('prototype', '模型配置', 2, 'IconColumns'),
    ]),
    screen('code_setting', '代码设置', 'Code Settings', '/tool/code-setting', 'IconSettingsCode', [
      ...CRUD,
      btn('enable', '启用', 2, 'IconCircleCheck'),
    ]),
    screen('code', '代码生成', 'Code Modules', '/tool/code', 'IconCode', [
      ...CRUD,
      btn('gen', '代码生成', 1, 'IconWand'),
      btn('copy', '复制', 2, 'IconCopy'),
    ]),
    screen('datasource', '数据源管理', 'Data Sources', '/tool/datasource', 'IconDatabase', CRUD),
  ]),
  folder('job_schedule', '任务调度', 'Scheduled Jobs', '/job', 'IconClock', [
    screen('job_server', '任务服务', 'Job Servers', '/job/jobserver', 'IconServer', [
      ...CRUD,
      btn('sync', '同步', 1, 'IconRefresh'),
    ]),
    screen('job', '任务信息', 'Job Info', '/job/jobinfo', 'IconCalendarTime', [
      ...CRUD,
      btn('run', '运行', 2, 'IconPlayerPlay'),
      btn('change', '启停', 2, 'IconToggleRight'),
      btn('sync', '同步', 1, 'IconRefresh'),
    ]),
  ]),
  folder('flow', '流程管理', 'Workflow', '/flow', 'IconGitBranch', [
    screen('flow_model', '模型设计', 'Process Models', '/flow/model', 'IconTopologyStar', [
      ...CRUD,
      btn('deploy', '部署', 2, 'IconRocket'),
    ]),
    screen('flow_manager', '部署管理', 'Deployments', '/flow/manager', 'IconRocket', [
      btn('upload', '上传部署', 1, 'IconUpload'),
      btn('state', '变更状态', 2, 'IconToggleRight'),
      'delete',
      'view',
    ]),
    screen('flow_follow', '流程跟踪', 'Running Processes', '/flow/follow', 'IconRoute', [
      'delete',
      'view',
    ]),
    screen('flow_diagram', '流程图', 'Flow Diagram', '/flow/diagram', 'IconChartDots3', ['view']),
  ]),
  folder('work', '我的事务', 'My Work', '/work', 'IconChecklist', [
    screen('work_start', '发起事务', 'Start Task', '/work/start', 'IconPlayerPlay', [
      'view',
      btn('launch', '发起', 2, 'IconSend'),
    ]),
    screen('work_claim', '待签事务', 'Tasks to Claim', '/work/claim', 'IconHandGrab', [
      'view',
      btn('sign', '签收', 2, 'IconSignature'),
    ]),
    screen('work_todo', '待办事务', 'To-do Tasks', '/work/todo', 'IconListCheck', [
      'view',
      btn('handle', '办理', 2, 'IconChecks'),
    ]),
    screen('work_send', '已发事务', 'Sent Tasks', '/work/send', 'IconSend', ['view']),
    screen('work_done', '办结事务', 'Done Tasks', '/work/done', 'IconCircleCheck', ['view']),
    screen('leave', '请假流程', 'Leave Request', '/work/process/leave', 'IconBeach', [
      'add',
      'view',
    ]),
  ]),
]
