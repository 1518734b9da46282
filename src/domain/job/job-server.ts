// Job servers (任务服务). The embedded scheduler of this server is seeded as the default one
// (EMBEDDED_JOB_SERVER_URL) and runs the jobs; an external PowerJob server is kept with its app name
// and write-only password, and its sync checks them against that server.
import { msg } from '@lingui/core/runtime-macro'
import { defineEntity } from '../entity.ts'

/** The seeded job server that stands for the scheduler embedded in this server. */
export const EMBEDDED_JOB_SERVER_ID = '1900000000000000060'
export const EMBEDDED_JOB_SERVER_URL = 'embedded://local'

export const jobServer = defineEntity({
  name: 'jobServer',
  title: msg`任务服务`,
  api: '/blade-job/job-server',
  table: 'blade_job_server',
  tenant: true,
  base: true,
  softDelete: true,
  permission: 'job_server',
  fields: [
    {
      name: 'id',
      label: msg`主键`,
      type: 'id',
      list: false,
      form: false,
      view: false,
      readOnly: true,
    },
    {
      name: 'jobServerName',
      label: msg`服务名称`,
      type: 'string',
      required: msg`请输入服务名称`,
      maxLength: 100,
      search: 'like',
    },
    // A PowerJob server's http(s) address; the seeded embedded one keeps its own.
    {
      name: 'jobServerUrl',
      label: msg`服务地址`,
      type: 'string',
      required: msg`请输入服务地址`,
      maxLength: 500,
      pattern: {
        regex: '^(https?://[^\\s/]+(/\\S*)?|embedded://local)$',
        message: msg`服务地址须以 http:// 或 https:// 开头`,
      },
      example: 'http://127.0.0.1:7700',
    },
    {
      name: 'jobAppName',
      label: msg`应用名称`,
      type: 'string',
      required: msg`请输入应用名称`,
      maxLength: 100,
      search: 'like',
    },
    {
      name: 'jobAppPassword',
      label: msg`应用密码`,
      type: 'string',
      component: 'password',
      required: msg`请输入应用密码`,
      maxLength: 255,
      secret: true,
      list: false,
    },
    { name: 'jobRemark', label: msg`备注`, type: 'text', maxLength: 500, span: 24 },
  ],
})
