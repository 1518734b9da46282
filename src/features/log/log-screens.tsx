import { logApi, logError, logUsual } from '@/domain/log/logs'
import { LogScreen, readable } from './log-screen'

const usual = readable(logUsual)
const api = readable(logApi)
const error = readable(logError)

export const UsualLogScreen = () => <LogScreen def={usual} />
export const ApiLogScreen = () => <LogScreen def={api} />
export const ErrorLogScreen = () => <LogScreen def={error} />
