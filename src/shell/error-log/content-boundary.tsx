// The error boundary around the content area: a render error is recorded in the local error log
// (type 'error') and shown in place of the screen; a failed chunk asks for a reload instead.
import { Component, type ErrorInfo, type ReactNode } from 'react'
import { errorLogStore } from './error-log-store'
import { ContentError } from './content-error'

interface Props {
  children: ReactNode
  /** Changing it (the route) clears a caught error. */
  resetKey: string
}

interface State {
  error: unknown
  key: string
}

export class ContentBoundary extends Component<Props, State> {
  state: State = { error: null, key: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    errorLogStore.record(error, info.componentStack?.trim().split('\n')[0] ?? '')
  }

  render() {
    if (this.state.error)
      return <ContentError error={this.state.error} reset={() => this.setState({ error: null })} />
    return this.props.children
  }
}
