// "Test connection": a saved data source by id, or the values typed in the form.
import { notifications } from '@mantine/notifications'
import { requestEnvelope } from '@/api/http'
import { logger } from '@/api/logger'
import { config } from '@/config'

export type ConnectionBody =
  { id: string } | { driverClass: string; url: string; username?: string; password?: string }

/** Shows the server's answer: its message and the database version, or (through the client) its error. */
export async function testConnection(body: ConnectionBody): Promise<boolean> {
  try {
    const answer = await requestEnvelope<{ version?: string }>(
      `${config.apiPrefix}/blade-develop/datasource/test-connection`,
      { method: 'POST', body },
    )
    notifications.show({
      color: 'green',
      title: answer.msg,
      message: answer.data?.version ?? '',
      autoClose: 8000,
    })
    return true
  } catch (err) {
    logger.error('datasource-test', err)
    return false
  }
}
