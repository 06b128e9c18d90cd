/** Human forms of numbers the server reports. */

export const formatUptime = (totalSeconds: number): string => {
  const seconds = Math.floor(totalSeconds)
  const days = Math.floor(seconds / 86_400)
  const hours = Math.floor((seconds % 86_400) / 3_600)
  const minutes = Math.floor((seconds % 3_600) / 60)
  if (days > 0) return `${days} d ${hours} h`
  if (hours > 0) return `${hours} h ${minutes} min`
  if (minutes > 0) return `${minutes} min`
  return `${seconds} s`
}

export const formatMs = (ms: number): string => (ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`)

const two = (n: number): string => String(n).padStart(2, "0")

/** `2025-05-01`, in local time. */
export const formatDate = (date: Date): string =>
  `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`

/** `2025-05-01 14:03`, in local time. */
export const formatDateTime = (date: Date): string =>
  `${formatDate(date)} ${two(date.getHours())}:${two(date.getMinutes())}`
