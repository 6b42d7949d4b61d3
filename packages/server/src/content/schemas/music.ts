import { z } from 'zod';
import { idSchema, nonEmptyText } from './common';

/** music.json entry. `file` is relative to the CDN's /audio/music/ and starts with the category. */
export const musicTrackSchema = z
  .strictObject({
    id: idSchema,
    name: nonEmptyText,
    category: z.enum(['normal', 'combat']),
    file: z.string().regex(/^(normal|combat)\/[a-z0-9_]+\.mp3$/, 'must look like normal/<name>.mp3'),
    /** Areas that play this track; must agree with each area's `music` list. */
    areas: z.array(idSchema),
  })
  .refine((t) => t.file.startsWith(`${t.category}/`), 'file must live in the folder of its category');
export type MusicTrack = z.infer<typeof musicTrackSchema>;
