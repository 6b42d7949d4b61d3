/**
 * The wire protocol: one source of truth for the server, the SDK, the agents and the browser client.
 */
export * from './envelope';
export * from './equipment';
export * from './entity-look';
export * from './entity-move';
export * from './codec';
export * from './errors';
export * from './client-events';
export * from './server-events';
export * from './social-events';
export * from './trade-events';
export * from './dialogue-events';
export * from './prayer-events';
export * from './teleport-events';
export * from './agent-events';
export * from './spectate-events';
export * from './agent-goals';
export * from './validate';
export * from './terrain';
export * from './xp';
export * from './agent-activity';
