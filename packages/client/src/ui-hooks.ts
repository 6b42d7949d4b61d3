/** One entry of a right-click / click menu on an entity, object, item or tile. */
export interface MenuOption {
  /** e.g. "Attack", "Chop down", "Walk here". */
  label: string;
  /** The target's name, shown after the label in the game's colour ("Attack Goblin (level 2)"). */
  target?: string;
  run: () => void;
}

/** What the UI shell offers the world view and the panels. */
export interface UiHooks {
  /** Opens the option menu at page coordinates. */
  openMenu(pageX: number, pageY: number, options: MenuOption[]): void;
  closeMenu(): void;
}
