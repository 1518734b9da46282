// What a route inside the shell may declare in `staticData`: its tab title (a Lingui message, so
// it follows the language) and whether it opens as a tab at all.
import type { MessageDescriptor } from '@lingui/core'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    title?: MessageDescriptor
    isTab?: boolean
  }
}

export {}
