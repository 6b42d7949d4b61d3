/** Shared shapes of the bank and shop interfaces, kept apart from their rules. */

/**
 * The bank or shop window, or the conversation with an NPC, a player has open. While one is open
 * the player counts as "in an interface", which blocks trading (the spec's anti-exploit rule); it
 * closes when the player walks more than one tile from `x`/`z` (where it opened), moves, starts an
 * activity, attacks, dies, or opens another one (see bank/interface.ts). A conversation also
 * records the node the NPC is at (features/dialogue).
 */
export type OpenInterface =
  | { readonly kind: 'bank'; readonly x: number; readonly z: number }
  | { readonly kind: 'shop'; readonly storeId: string; readonly x: number; readonly z: number }
  | {
      readonly kind: 'dialogue';
      /** The NPC entity talked to. */
      readonly npcId: string;
      /** The node shown (its npcs.json dialogue node id). */
      readonly nodeId: string;
      readonly x: number;
      readonly z: number;
    };
