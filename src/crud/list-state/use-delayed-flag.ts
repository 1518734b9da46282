// A flag that turns on only once its input has stayed on for `ms`: a quick refresh shows no
// progress line at all instead of a flicker.
import { useEffect, useState } from 'react'

export function useDelayedFlag(on: boolean, ms: number): boolean {
  const [late, setLate] = useState(false)
  useEffect(() => {
    if (!on) return
    const timer = setTimeout(() => setLate(true), ms)
    return () => {
      clearTimeout(timer)
      setLate(false)
    }
  }, [on, ms])
  return on && late
}
