import type { Feature } from '../../core/registry';
import { emitDirtyChunks, restoreChunks, snapshotChunks } from './persist';
import { scheduleFirstRelocations } from './relocate';
import { runObjectTimers } from './timers';
import { pushObjectChanges, syncObjectView } from './view';
import { OBJECTS } from './state';
import { OBJECT_VIEWER } from './store';

/**
 * World objects (`OBJECTS.of(world)`): their timers in the world phase (respawns, fishing spots moving,
 * fires burning out), `object:update` to each viewer in the sync phase, and their state saved per
 * chunk (`worldChunk` records) in the persistence phase and restored at start-up. Gathering and
 * firemaking change the objects; processing reads them (stations, fires).
 */
export const objectsFeature: Feature = {
  name: 'objects',
  register(r) {
    r.worldSlot(OBJECTS);
    r.playerSlot(OBJECT_VIEWER);
    r.init(scheduleFirstRelocations);
    r.persist('worldChunk', { restore: restoreChunks, snapshot: snapshotChunks });
    r.phase('world', runObjectTimers);
    r.phase('sync', pushObjectChanges);
    r.perPlayer('sync', syncObjectView);
    r.phase('sync', (world) => OBJECTS.of(world).clearChanges());
    r.phase('persistence', emitDirtyChunks);
  },
};
