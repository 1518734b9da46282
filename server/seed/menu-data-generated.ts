// Menu tree, part 4: the screens made by the code generator. Each generated module adds its line
// here (gen-code answers this file with the line added), so the seed creates its menu entry and
// buttons and grants them to the administrators like every other screen.
import type { MenuSeed } from './menu-types.ts'

export const GENERATED_MENUS: MenuSeed[] = []
