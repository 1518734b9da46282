// The one logger of the app: console output with a context label, so failures are found by search.
export const logger = {
  error(context: string, err?: unknown): void {
    console.error(`[${context}]`, err)
  },
  warn(context: string, detail?: unknown): void {
    console.warn(`[${context}]`, detail)
  },
  info(context: string, detail?: unknown): void {
    console.info(`[${context}]`, detail)
  },
}
