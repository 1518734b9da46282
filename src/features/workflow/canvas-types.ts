// What the designer and its lazily loaded canvas (bpmn-canvas.tsx) exchange.
import type { RoleAlias, UserChoice } from './model-api'

export interface CanvasHandle {
  /** The diagram's XML, its process id and name first set to the model's key and name. */
  save(process: { id: string; name: string }): Promise<string>
  /** Shows another XML (the model as saved by someone else). */
  load(xml: string): Promise<void>
}

export interface CanvasProps {
  xml: string
  users: UserChoice[]
  roles: RoleAlias[]
  /** Each change on the canvas or in the panel. */
  onChange: () => void
  onReady: (handle: CanvasHandle) => void
  /** The XML could not be shown. */
  onError: (err: unknown) => void
}
