/**
 * Labels the connected regions of a walkable grid (padded layout, blocked margin): cells that can
 * reach each other share a label > 0, blocked cells get 0. Orthogonal connectivity is enough:
 * a diagonal step is only allowed when both orthogonal neighbours are walkable, so it never joins
 * cells that two orthogonal steps could not.
 */
export function labelRegions(walkable: Uint8Array, stride: number): Int32Array {
  const region = new Int32Array(walkable.length);
  const stack = new Int32Array(walkable.length);
  let next = 0;
  for (let seed = 0; seed < walkable.length; seed++) {
    if (walkable[seed] !== 1 || region[seed] !== 0) continue;
    const label = ++next;
    region[seed] = label;
    stack[0] = seed;
    let top = 1;
    while (top > 0) {
      const c = stack[--top] as number;
      for (const n of [c - 1, c + 1, c - stride, c + stride]) {
        if (walkable[n] === 1 && region[n] === 0) {
          region[n] = label;
          stack[top++] = n;
        }
      }
    }
  }
  return region;
}
