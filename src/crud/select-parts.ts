// Mantine's Select and Autocomplete on their own, for lazy imports (vite.config.ts gives their
// Combobox a chunk of its own): the list screen and the top bar show look-alikes until one is used,
// so the first list downloads no dropdown code. Importing '@mantine/core' itself lazily would split
// the whole library off the shell.
export { Autocomplete, Select } from '@mantine/core'
