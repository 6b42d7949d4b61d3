import { asc, and, eq, sql } from 'drizzle-orm';
import { worlds } from '../schema';
import type { AppDatabase } from '../types';

/** What a world's process writes of itself in the world list. */
export interface WorldRegistration {
  name: string;
  /** Its public WebSocket address. */
  address: string;
  capacity: number;
  activity: string;
  /** The process running the world now. */
  instance: string;
}

/** The status the world row stores: `offline` and `full` of the list are derived from it. */
export type StoredWorldStatus = 'online' | 'draining' | 'offline';

/** A world as the list shows it. */
export interface WorldListing {
  id: number;
  name: string;
  address: string;
  /** Players in the world at its last heartbeat (0 when offline). */
  population: number;
  capacity: number;
  activity: string;
  /**
   * `offline`: stopped, or its heartbeat is older than the TTL (its process is gone); `draining`:
   * shutting down; `full`: population at capacity; otherwise `online`.
   */
  status: 'online' | 'full' | 'draining' | 'offline';
}

/** The world list (the `worlds` table): a world writes its own row; anyone reads all of them. */
export interface WorldRepository {
  /** Writes this world's row: `online`, population 0, started and heartbeating now. */
  register(input: WorldRegistration): Promise<void>;
  /**
   * Renews this world's heartbeat (the database's now()) and population, while the row names
   * `instance`; false when it does not (another process runs the world now, or no row).
   */
  heartbeat(instance: string, population: number): Promise<boolean>;
  /** Sets this world's status while the row names `instance`; false when it does not. */
  setStatus(instance: string, status: StoredWorldStatus): Promise<boolean>;
  /**
   * Every world, by id, its status derived with the database's clock: a heartbeat older than
   * `ttlMs` shows the world offline.
   */
  list(ttlMs: number): Promise<WorldListing[]>;
}

/** Drizzle implementation of {@link WorldRepository}, writing the row of world `worldId`. */
export function createWorldRepository(db: AppDatabase, worldId: number): WorldRepository {
  const mine = (instance: string) => and(eq(worlds.id, worldId), eq(worlds.instance, instance));
  return {
    async register(input) {
      const fields = {
        name: input.name,
        address: input.address,
        capacity: input.capacity,
        activity: input.activity,
        instance: input.instance,
        population: 0,
        status: 'online',
        startedAt: sql`now()`,
        heartbeatAt: sql`now()`,
      };
      await db
        .insert(worlds)
        .values({ id: worldId, ...fields })
        .onConflictDoUpdate({ target: worlds.id, set: fields });
    },

    async heartbeat(instance, population) {
      const rows = await db
        .update(worlds)
        .set({ population, heartbeatAt: sql`now()` })
        .where(mine(instance))
        .returning({ id: worlds.id });
      return rows.length > 0;
    },

    async setStatus(instance, status) {
      const rows = await db
        .update(worlds)
        .set({ status, heartbeatAt: sql`now()` })
        .where(mine(instance))
        .returning({ id: worlds.id });
      return rows.length > 0;
    },

    async list(ttlMs) {
      const stale = sql`${worlds.heartbeatAt} < now() - make_interval(secs => ${ttlMs / 1000})`;
      const offline = sql`(${worlds.status} = 'offline' OR ${stale})`;
      const rows = await db
        .select({
          id: worlds.id,
          name: worlds.name,
          address: worlds.address,
          population: sql<number>`CASE WHEN ${offline} THEN 0 ELSE ${worlds.population} END`.mapWith(Number),
          capacity: worlds.capacity,
          activity: worlds.activity,
          status: sql<WorldListing['status']>`CASE
            WHEN ${offline} THEN 'offline'
            WHEN ${worlds.status} = 'draining' THEN 'draining'
            WHEN ${worlds.population} >= ${worlds.capacity} THEN 'full'
            ELSE 'online' END`,
        })
        .from(worlds)
        .orderBy(asc(worlds.id));
      return rows;
    },
  };
}
