// What a process model (模型设计) and a deployed file (部署管理 上传部署) must be: the app checks them
// before sending, and the server may check the same. The model key becomes the BPMN process id, so
// it must be an XML name that Flowable also takes as a process definition key.

/** A letter, then letters, digits, '_' or '-'. */
export const MODEL_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_-]*$/
export const MODEL_KEY_MAX = 64
export const MODEL_NAME_MAX = 100
export const MODEL_DESCRIPTION_MAX = 500

/** The endings of a deployable BPMN file, as Flowable recognises them. */
const DEPLOY_FILE_ENDINGS = ['.bpmn20.xml', '.bpmn'] as const
/** The largest file of an upload deployment. */
export const DEPLOY_FILE_MAX_BYTES = 5 * 1024 * 1024

export const isDeployFileName = (name: string) =>
  DEPLOY_FILE_ENDINGS.some((e) => name.toLowerCase().endsWith(e))
