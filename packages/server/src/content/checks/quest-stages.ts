/**
 * Checks of the quest stages that name places, recipes, the bank and shops (reach_tile,
 * light_fire, make, bank_deposit, shop_buy): every id they name exists, and the combination can
 * happen in this world (a tile on land inside an area, a log that burns, a product the recipe kind
 * makes, an item the store sells).
 */
import type { QuestStage } from '../schemas/quests';
import { checkRef } from '../table';
import { refItem, type CheckContext } from './context';

const FILE = 'quests.json';

type PlaceStage = Extract<
  QuestStage,
  { kind: 'reach_tile' | 'light_fire' | 'make' | 'bank_deposit' | 'shop_buy' }
>;

const inside = (r: { minX: number; minZ: number; maxX: number; maxZ: number }, x: number, z: number) =>
  x >= r.minX && x <= r.maxX && z >= r.minZ && z <= r.maxZ;

/** Checks one stage of the kinds above; `at` names it in messages ("quest q stage s"). */
export function checkPlaceStage(ctx: CheckContext, at: string, stage: PlaceStage): void {
  switch (stage.kind) {
    case 'reach_tile':
      return checkTile(ctx, at, stage.x, stage.z);
    case 'light_fire':
      if (stage.itemId !== undefined && refItem(ctx, FILE, `${at} burns`, stage.itemId)) {
        if (!ctx.m.firemaking.recipes.entries.some((r) => r.logItemId === stage.itemId))
          ctx.issues.add(FILE, `${at}: ${stage.itemId} is not burnt by any firemaking recipe`);
      }
      return;
    case 'make':
      return checkMake(ctx, at, stage);
    case 'bank_deposit':
      if (stage.itemId !== undefined) refItem(ctx, FILE, `${at} deposits`, stage.itemId);
      return;
    case 'shop_buy':
      return checkShopBuy(ctx, at, stage);
  }
}

function checkTile(ctx: CheckContext, at: string, x: number, z: number): void {
  if (ctx.m.areas.known === null) return;
  const area = ctx.m.areas.entries.find((a) => inside(a.bounds, x, z));
  if (!area) ctx.issues.add(FILE, `${at}: tile (${x}, ${z}) is inside no area`);
  else if (area.water.some((w) => inside(w, x, z)))
    ctx.issues.add(FILE, `${at}: tile (${x}, ${z}) is water in area ${area.id}`);
}

/** The recipes of a kind, each with its product. */
function recipesOf(ctx: CheckContext, kind: 'cook' | 'smelt' | 'smith'): { id: string; product: string }[] {
  const { m } = ctx;
  if (kind === 'cook') return m.cooking.entries.map((r) => ({ id: r.id, product: r.cookedItemId }));
  if (kind === 'smelt') return m.smelting.recipes.entries.map((r) => ({ id: r.id, product: r.barItemId }));
  return m.smithing.recipes.entries.map((r) => ({ id: r.id, product: r.outputItemId }));
}

function checkMake(ctx: CheckContext, at: string, stage: Extract<QuestStage, { kind: 'make' }>): void {
  const recipes = recipesOf(ctx, stage.recipeKind);
  const recipe = stage.recipeId === undefined ? undefined : recipes.find((r) => r.id === stage.recipeId);
  if (stage.recipeId !== undefined && !recipe)
    ctx.issues.add(FILE, `${at}: there is no ${stage.recipeKind} recipe "${stage.recipeId}"`);
  if (stage.itemId === undefined || !refItem(ctx, FILE, `${at} makes`, stage.itemId)) return;
  const candidates = recipe ? [recipe] : recipes;
  if (!candidates.some((r) => r.product === stage.itemId))
    ctx.issues.add(
      FILE,
      `${at}: ${stage.itemId} is not made by ${recipe ? `recipe ${recipe.id}` : `any ${stage.recipeKind} recipe`}`,
    );
}

function checkShopBuy(ctx: CheckContext, at: string, stage: Extract<QuestStage, { kind: 'shop_buy' }>): void {
  const { m, issues } = ctx;
  const storeOk =
    stage.storeId === undefined || checkRef(issues, FILE, `${at} buys from`, m.stores, stage.storeId);
  if (stage.itemId === undefined || !refItem(ctx, FILE, `${at} buys`, stage.itemId) || !storeOk) return;
  const stores =
    stage.storeId === undefined ? m.stores.entries : m.stores.entries.filter((s) => s.id === stage.storeId);
  if (m.stores.known !== null && !stores.some((s) => s.items.some((i) => i.itemId === stage.itemId)))
    issues.add(
      FILE,
      stage.storeId === undefined
        ? `${at}: ${stage.itemId} is sold by no store`
        : `${at}: ${stage.itemId} is not sold by store ${stage.storeId}`,
    );
}
