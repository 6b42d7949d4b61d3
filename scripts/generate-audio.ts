/**
 * Generates the shipped placeholder music under assets/audio/music/{normal,combat}/ as valid,
 * silent MPEG-1 Layer III files (`npm run generate:audio -w @tilerealm/cdn`).
 *
 * Each file is an ID3v2.3 tag (title, artist) followed by constant-bitrate frames: a 4-byte
 * header (MPEG-1, Layer III, no CRC, 32 kbit/s, 48 kHz, mono) and all-zero side information
 * and main data, which every decoder plays as silence. At 48 kHz a frame is exactly
 * 144 * 32000 / 48000 = 96 bytes and lasts 1152 samples (24 ms), so no padding slots are
 * needed and the output is byte-for-byte reproducible.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SAMPLE_RATE = 48_000;
export const BITRATE = 32_000;
export const SAMPLES_PER_FRAME = 1152;
export const FRAME_BYTES = (144 * BITRATE) / SAMPLE_RATE; // 96
/** Sync (11 bits) + MPEG-1 + Layer III + no CRC | bitrate index 1 (32k), rate index 1 (48k) | mono, original. */
export const FRAME_HEADER = [0xff, 0xfb, 0x14, 0xc4] as const;

/** A placeholder track: where it goes, its tag title and its length. */
export interface TrackSpec {
  category: 'normal' | 'combat';
  file: string;
  title: string;
  seconds: number;
}

export const TRACKS: readonly TrackSpec[] = [
  { category: 'normal', file: 'harvest_dawn.mp3', title: 'Harvest Dawn', seconds: 6 },
  { category: 'normal', file: 'quiet_lanes.mp3', title: 'Quiet Lanes', seconds: 5 },
  { category: 'normal', file: 'deep_waters.mp3', title: 'Deep Waters', seconds: 6 },
  { category: 'normal', file: 'goblin_drums.mp3', title: 'Goblin Drums', seconds: 4 },
  { category: 'normal', file: 'whispering_boughs.mp3', title: 'Whispering Boughs', seconds: 6 },
  { category: 'normal', file: 'deep_veins.mp3', title: 'Deep Veins', seconds: 5 },
  { category: 'normal', file: 'salt_and_sail.mp3', title: 'Salt and Sail', seconds: 5 },
  { category: 'normal', file: 'the_wild_frontier.mp3', title: 'The Wild Frontier', seconds: 6 },
  { category: 'normal', file: 'hollow_echoes.mp3', title: 'Hollow Echoes', seconds: 5 },
  { category: 'combat', file: 'clash_of_iron.mp3', title: 'Clash of Iron', seconds: 4 },
  { category: 'combat', file: 'wilderness_drums.mp3', title: 'Wilderness Drums', seconds: 5 },
  { category: 'combat', file: 'warden_awakens.mp3', title: 'The Warden Awakens', seconds: 4 },
];

/** One silent frame. */
export function silentFrame(): Uint8Array {
  const frame = new Uint8Array(FRAME_BYTES);
  frame.set(FRAME_HEADER, 0);
  return frame;
}

/** An ID3v2.3 tag with TIT2 (title) and TPE1 (artist) text frames in ISO-8859-1. */
export function id3Tag(title: string, artist: string): Uint8Array {
  const textFrame = (id: string, text: string): Uint8Array => {
    const body = Uint8Array.from([0, ...Buffer.from(text, 'latin1')]);
    const out = new Uint8Array(10 + body.length);
    out.set(Buffer.from(id, 'latin1'), 0);
    new DataView(out.buffer).setUint32(4, body.length);
    out.set(body, 10);
    return out;
  };
  const frames = Buffer.concat([textFrame('TIT2', title), textFrame('TPE1', artist)]);
  const header = new Uint8Array(10);
  header.set([0x49, 0x44, 0x33, 3, 0, 0]); // "ID3", v2.3.0, no flags
  const size = frames.length; // stored as a 4 x 7-bit "syncsafe" integer
  header.set([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f], 6);
  return Buffer.concat([header, frames]);
}

/** A complete silent MP3 of (at least) `seconds` seconds. */
export function silentMp3(title: string, seconds: number): Uint8Array {
  const frames = Math.ceil((seconds * SAMPLE_RATE) / SAMPLES_PER_FRAME);
  const tag = id3Tag(title, 'tilerealm (placeholder)');
  const out = new Uint8Array(tag.length + frames * FRAME_BYTES);
  out.set(tag, 0);
  const frame = silentFrame();
  for (let i = 0; i < frames; i++) out.set(frame, tag.length + i * FRAME_BYTES);
  return out;
}

/** Writes every track under `musicDir/<category>/`; returns the relative paths written. */
export async function generateAudio(musicDir: string): Promise<string[]> {
  const written: string[] = [];
  for (const track of TRACKS) {
    const dir = path.join(musicDir, track.category);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, track.file), silentMp3(track.title, track.seconds));
    written.push(`${track.category}/${track.file}`);
  }
  return written;
}

const isMain =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const musicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../assets/audio/music');
  generateAudio(musicDir).then(
    (files) => console.log(`generate-audio: wrote ${files.length} tracks to ${musicDir}`),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
