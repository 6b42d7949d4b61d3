import { worldSlot } from '../../core/slots';
import { GroundItemStore } from './store';

/** The items lying on tiles (saved per region: persist.ts). */
export const GROUND_ITEMS = worldSlot('groundItems', {
  init: () => new GroundItemStore(),
  hash: (store, h) => store.hashInto(h),
});
