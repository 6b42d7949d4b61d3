import type { Feature } from '../../core/registry';
import { emitDirtyChunks, restoreChunks } from './persist';
import { scheduleFirstRelocations } from './relocate';
import { runObjectTimers } from './timers';
import { pushObjectChanges, syncObjectView } from './view';

/**
 * World objects (`world.objects`): their timers in the world phase (respawns, fishing spots moving,
 * fires burning out), `object:update` to each viewer in the sync phase, and their state saved per
 * chunk (`worldChunk` records) in the persistence phase and restored at start-up. Gathering and
 * firemaking change the objects; processing reads them (stations, fires).
 */
export const objectsFeature: Feature = {
  name: 'objects',
  register(r) {
    r.init(scheduleFirstRelocations);
    r.restore('worldChunk', restoreChunks);
    r.phase('world', runObjectTimers);
    r.phase('sync', pushObjectChanges);
    r.perPlayer('sync', syncObjectView);
    r.phase('sync', (world) => world.objects.clearChanges());
    r.phase('persistence', emitDirtyChunks);
  },
};
