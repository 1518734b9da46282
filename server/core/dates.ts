// Dates travel and are stored as 'yyyy-MM-dd HH:mm:ss' in the server's local time (docs/contract.md §2.2).
const pad = (n: number) => String(n).padStart(2, '0')

export function formatDateTime(d: Date = new Date()): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

export const now = () => formatDateTime(new Date())
