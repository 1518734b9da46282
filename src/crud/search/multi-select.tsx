// Mantine's MultiSelect on its own, for the lazy imports of the search panel: importing
// '@mantine/core' itself lazily would split the whole library off the shell.
export { MultiSelect } from '@mantine/core'
