import { buildContent } from './build';
import { checkItems } from './checks/items';
import { checkMisc } from './checks/misc';
import { checkNpcs } from './checks/npcs';
import { checkQuests } from './checks/quests';
import { checkSkilling } from './checks/skilling';
import { checkStores } from './checks/stores';
import { checkTemplates } from './checks/templates';
import { checkWorld } from './checks/world';
import type { Content } from './content-types';
import { ContentError, IssueList } from './errors';
import { parseManifests } from './parse-manifests';

export type { Content, ItemDef, NpcDef, Recipes } from './content-types';
export { ContentError } from './errors';
export {
  GATHERING_FILES,
  ITEMS_FILE,
  MANIFEST_FILES,
  MODEL_BOUNDS_FILE,
  OPTIONAL_SPLIT_ITEM_FILES,
  RECIPE_FILES,
  REQUIRED_MANIFESTS,
  SPLIT_ITEM_FILES,
  missingRequiredManifests,
} from './manifest-files';

/**
 * Reads, validates and cross-checks every manifest in `dir` and returns the indexed content.
 * Nothing is half-loaded: all problems (JSON syntax, schema, cross-reference) are gathered in one
 * pass and thrown together as a ContentError, so the server fails fast with the full list.
 * Every manifest of MANIFEST_FILES is needed except model-bounds.json and the item layout not in
 * use (see docs/content.md).
 */
export async function loadContent(dir: string): Promise<Content> {
  const issues = new IssueList();
  const m = await parseManifests(dir, issues);
  const ctx = { m, issues };
  checkItems(ctx);
  checkNpcs(ctx);
  checkWorld(ctx);
  checkSkilling(ctx);
  checkStores(ctx);
  checkQuests(ctx);
  checkMisc(ctx);
  checkTemplates(ctx);
  if (issues.count > 0) throw new ContentError(issues.all);
  return buildContent(m);
}
