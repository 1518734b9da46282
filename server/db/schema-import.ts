// Kysely types of the import progress table of migration 014 (merged into DB in schema.ts).
interface ImportProgressTable {
  importId: string
  tenantId: string
  userId: string
  entity: string
  /** read (checking the file), write (writing chunks), done, failed. */
  phase: string
  processed: number
  total: number
  /** JSON of the answer's counts once done. */
  result: string | null
  /** JSON of the row errors (row, column, message) when the file was refused. */
  errors: string | null
  createTime: string
  updateTime: string
}

export interface ImportTables {
  dmrImportProgress: ImportProgressTable
}
