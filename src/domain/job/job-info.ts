// Job info (任务信息): a scheduled job with PowerJob's fields, enums and defaults. The embedded
// scheduler runs it (server/engines/scheduler); built-in processors are named in processorInfo and
// read their settings as JSON from jobParams. A field with a default takes it when left out or
// empty (the server fills it), so the enums need no value from a client. The form is grouped as
// PowerJob's: basic, timing, execution, limits, alerts, logging.
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'
import { EMBEDDED_JOB_SERVER_ID } from './job-server.ts'

export const BUILT_IN_PROCESSORS = ['http', 'sql', 'purge-logs'] as const

const count = (max: number) => ({ type: 'integer' as const, min: 0, max, list: false as const })

export const jobInfo = defineEntity({
  name: 'jobInfo',
  title: msg`任务信息`,
  api: '/blade-job/job-info',
  table: 'blade_job_info',
  tenant: true,
  base: true,
  softDelete: true,
  permission: 'job',
  defaultSort: [{ field: 'createTime', dir: 'desc' }],
  fields: [
    { name: 'id', label: msg`主键`, type: 'id', list: false, form: false, view: false, readOnly: true },
    { name: 'jobServerId', label: msg`任务应用`, group: msg`基本信息`, type: 'id', required: msg`请选择任务应用`, search: 'equal', example: EMBEDDED_JOB_SERVER_ID, defaultValue: EMBEDDED_JOB_SERVER_ID, options: { kind: 'select', url: '/blade-job/job-server/select', label: 'jobServerName', value: 'id' } },
    { name: 'jobName', label: msg`任务名称`, type: 'string', required: msg`请输入任务名称`, maxLength: 100, search: 'like', sortable: true },
    {
      name: 'enable', label: msg`状态`, type: 'integer', defaultValue: 1, search: 'equal',
      options: { kind: 'static', options: [{ value: 1, label: msg`启用` }, { value: 0, label: msg`停用` }] },
    },
    { name: 'jobDescription', label: msg`任务描述`, type: 'text', maxLength: 500, list: false, span: 24 },
    {
      name: 'timeExpressionType', label: msg`定时类型`, group: msg`定时信息`, type: 'integer', defaultValue: 2, search: 'equal',
      options: { kind: 'static', options: [{ value: 1, label: msg`API` }, { value: 2, label: msg`CRON` }, { value: 3, label: msg`固定频率(毫秒)` }, { value: 4, label: msg`固定延迟(毫秒)` }, { value: 5, label: msg`工作流` }] },
    },
    { name: 'timeExpression', label: msg`时间表达式`, type: 'string', maxLength: 255, example: '0 0 3 * * *', visibleWhen: { field: 'timeExpressionType', equals: [2, 3, 4] } },
    { name: 'timeZone', label: msg`时区`, type: 'string', maxLength: 64, defaultValue: 'Asia/Ho_Chi_Minh', list: false, visibleWhen: { field: 'timeExpressionType', equals: 2 } },
    { name: 'lifecycle', label: msg`生命周期`, type: 'string', component: 'daterange', maxLength: 64, list: false, example: '2026-01-01 00:00:00,2036-12-31 23:59:59' },
    {
      name: 'executeType', label: msg`执行类型`, group: msg`执行配置`, type: 'integer', defaultValue: 1,
      options: { kind: 'static', options: [{ value: 1, label: msg`单机执行` }, { value: 2, label: msg`广播执行` }, { value: 3, label: msg`MapReduce` }] },
    },
    {
      name: 'processorType', label: msg`处理器类型`, type: 'integer', defaultValue: 1,
      options: { kind: 'static', options: [{ value: 1, label: msg`内置处理器` }, { value: 4, label: msg`外部处理器(动态加载)` }] },
    },
    { name: 'processorInfo', label: msg`处理器信息`, type: 'string', required: msg`请输入处理器信息`, maxLength: 255, example: 'purge-logs' },
    { name: 'jobParams', label: msg`任务参数`, type: 'text', maxLength: 4000, list: false, span: 24, example: '{"days":30}' },
    {
      name: 'dispatchStrategy', label: msg`派发策略`, type: 'integer', defaultValue: 1, list: false,
      options: { kind: 'static', options: [{ value: 1, label: msg`健康度优先` }, { value: 2, label: msg`随机` }] },
    },
    { name: 'maxInstanceNum', label: msg`最大实例数`, group: msg`运行限制`, ...count(1000), defaultValue: 0 },
    { name: 'concurrency', label: msg`单机线程并发数`, ...count(1000), defaultValue: 5 },
    { name: 'instanceTimeLimit', label: msg`运行时间限制(毫秒)`, ...count(2_000_000_000), defaultValue: 0 },
    { name: 'instanceRetryNum', label: msg`实例重试次数`, ...count(10), defaultValue: 0 },
    { name: 'taskRetryNum', label: msg`任务重试次数`, ...count(10), defaultValue: 1 },
    { name: 'minCpuCores', label: msg`最低CPU核心数`, type: 'number', min: 0, max: 1000, defaultValue: 0, list: false },
    { name: 'minMemorySpace', label: msg`最低内存(GB)`, type: 'number', min: 0, max: 100000, defaultValue: 0, list: false },
    { name: 'minDiskSpace', label: msg`最低磁盘(GB)`, type: 'number', min: 0, max: 100000, defaultValue: 0, list: false },
    { name: 'designatedWorkers', label: msg`指定执行机器`, type: 'string', maxLength: 500, list: false },
    { name: 'maxWorkerCount', label: msg`最大执行机器数`, ...count(1000), defaultValue: 0 },
    { name: 'notifyUserIds', label: msg`报警用户`, group: msg`报警配置`, type: 'ids', list: false },
    { name: 'alertThreshold', label: msg`报警阈值`, ...count(10000), defaultValue: 0 },
    { name: 'statisticWindowLen', label: msg`统计窗口(秒)`, ...count(2_592_000), defaultValue: 0 },
    { name: 'silenceWindowLen', label: msg`沉默窗口(秒)`, ...count(2_592_000), defaultValue: 0 },
    {
      name: 'logType', label: msg`日志类型`, group: msg`日志配置`, type: 'integer', defaultValue: 1, list: false,
      options: { kind: 'static', options: [{ value: 1, label: msg`ONLINE` }, { value: 2, label: msg`LOCAL` }, { value: 3, label: msg`STDOUT` }, { value: 4, label: msg`LOCAL_AND_ONLINE` }, { value: 999, label: msg`NULL` }] },
    },
    {
      name: 'logLevel', label: msg`日志级别`, type: 'integer', defaultValue: 2, list: false,
      options: { kind: 'static', options: [{ value: 1, label: msg`DEBUG` }, { value: 2, label: msg`INFO` }, { value: 3, label: msg`WARN` }, { value: 4, label: msg`ERROR` }, { value: 99, label: msg`OFF` }] },
    },
    { name: 'extra', label: msg`扩展字段`, type: 'text', maxLength: 2000, list: false, span: 24 },
    { name: 'jobId', label: msg`任务ID`, type: 'id', readOnly: true, form: false, list: false },
    { name: 'createTime', label: msg`创建时间`, type: 'datetime', readOnly: true, form: false, list: false, sortable: true },
  ],
})
