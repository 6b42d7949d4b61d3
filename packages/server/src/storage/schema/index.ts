/**
 * The database schema: every table of the game server. drizzle-kit reads this
 * file to generate migrations, and the drizzle instances are typed with it.
 */
export * from './skills';
export * from './users';
export * from './characters';
export * from './items';
export * from './activity';
export * from './social';
export * from './world';
export * from './progress';
export * from './worlds';
export * from './agent-activity';
