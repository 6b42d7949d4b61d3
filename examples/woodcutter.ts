/**
 * A complete agent in under 50 lines: an anonymous player that chops the nearest tree and banks
 * its logs when the inventory is full. Run with a game server on :5555 (`npm start`):
 *   npx tsx examples/woodcutter.ts [http://localhost:5555]
 */
import { readFile } from 'node:fs/promises';
import { Bot, GameError, RestClient, socketUrlOf, WorldPlaces } from '@tilerealm/sdk';

const server = process.argv[2] ?? 'http://localhost:5555';
const rest = new RestClient(server);
await rest.anonymous();
await rest.createPlayer(`Chopper${Math.floor(Math.random() * 1000)}`);

const map = JSON.parse(
  await readFile(new URL('../assets/manifests/world-areas.json', import.meta.url), 'utf8'),
);
const places = WorldPlaces.fromManifest(map);
const bot = await Bot.connect({ url: socketUrlOf(server), token: rest.token, places });
const { world, actions } = bot;
bot.client.on('skill:levelUp', (l) => console.log(`${l.skill} is now level ${l.level}`));

for (;;) {
  const here = world.position ?? { x: 0, z: 0 };
  try {
    if (world.freeSlots === 0) {
      const booth = places.objectsOf(['bank_booth'], here)[0];
      if (!booth) break;
      await actions.walkTo(booth.x, booth.z + 1);
      await actions.openBank(booth.id);
      await actions.depositAll(['bronze_axe']);
      console.log('banked; woodcutting xp', world.xp('woodcutting'));
      continue;
    }
    const tree = places.objectsOf(['tree'], here).find((t) => !world.isDepleted(t.id));
    if (!tree) break;
    if (Math.max(Math.abs(tree.x - here.x), Math.abs(tree.z - here.z)) > 10)
      await actions.walkTo(tree.x, tree.z + 1);
    console.log(`chopping ${tree.id}:`, await actions.gather(tree.id));
  } catch (err) {
    if (!(err instanceof GameError)) throw err;
    console.log('refused:', err.code, err.message);
    await new Promise((r) => setTimeout(r, 3000));
  }
}
await bot.close();
