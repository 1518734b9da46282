// What one import may ask of the server: the upload's size, its rows, and what its xlsx zip
// inflates to (checked from the zip's central directory before anything is inflated).
export const MAX_UPLOAD_BYTES = 40 * 1024 * 1024
export const MAX_IMPORT_ROWS = 200_000
/** The sum of the entries' uncompressed sizes an xlsx may declare. */
export const MAX_UNZIPPED_BYTES = 512 * 1024 * 1024
/** An entry larger than this must not inflate more than MAX_ENTRY_RATIO times (zip bombs inflate ~1000x). */
export const RATIO_CHECK_BYTES = 16 * 1024 * 1024
export const MAX_ENTRY_RATIO = 100
/** One csv record (a junk text file without line breaks is refused, not buffered). */
export const MAX_CSV_RECORD_BYTES = 1024 * 1024
/** Rows written per transaction. */
export const IMPORT_CHUNK_ROWS = 2000
/** Row errors kept (for the download); the answer carries the first ANSWERED_ERRORS. */
export const KEPT_ERRORS = 5000
export const ANSWERED_ERRORS = 200
export const PREVIEW_ROWS = 10

export const MSG_TOO_LARGE = `上传文件不能超过 ${MAX_UPLOAD_BYTES / 1024 / 1024}MB`
export const MSG_NOT_SHEET = '请上传 .xlsx 或 .csv 格式的文件'
export const MSG_DAMAGED = 'xlsx 文件已损坏，无法读取，请用 Excel 重新保存后再导入'
export const MSG_ZIP_BOMB = '文件解压后过大，请拆分后再导入'
export const MSG_TOO_MANY_ROWS = `单次最多导入 ${MAX_IMPORT_ROWS} 行数据，请拆分后再导入`
export const MSG_EMPTY = '导入文件中没有数据'
export const MSG_NO_FILE = '缺少必要的请求参数: file'
