import { describe, expect, it } from 'vitest';
import { manualChunks } from '../vite.config';

describe('the client build', () => {
  it('puts three.js, and only three.js, in its own chunk', () => {
    expect(manualChunks('/repo/node_modules/three/build/three.module.js')).toBe('three');
    expect(manualChunks('C:\\repo\\node_modules\\three\\examples\\jsm\\loaders\\GLTFLoader.js')).toBe(
      'three',
    );
    expect(manualChunks('/repo/node_modules/three-mesh-bvh/src/index.js')).toBeUndefined();
    expect(manualChunks('/repo/node_modules/zod/v4/index.js')).toBeUndefined();
    expect(manualChunks('/repo/packages/client/src/game/render/world-view.ts')).toBeUndefined();
  });
});
