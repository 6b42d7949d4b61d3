import { worldSlot } from '../../core/slots';
import { ObjectStore } from './store';

/** Trees, rocks, fishing spots and stations, placed by the areas or made at run time (fires). */
export const OBJECTS = worldSlot('objects', {
  init: (world) => ObjectStore.fromContent(world.content),
  hash: (store, h) => store.hashInto(h),
});
