import { describe, expect, it } from 'vitest';
import { resolveVoiceConfig, VOICE_SECRET_MIN_PRODUCTION } from './config';

const full = {
  VOICE_API_KEY: 'key',
  VOICE_API_SECRET: 's'.repeat(VOICE_SECRET_MIN_PRODUCTION),
  VOICE_URL: 'wss://voice.example.org',
};

describe('resolveVoiceConfig', () => {
  it('is off without problems when nothing is set', () => {
    expect(resolveVoiceConfig({}, true)).toEqual({ voice: undefined, problems: [] });
  });

  it('is on when all three are set', () => {
    expect(resolveVoiceConfig(full, true)).toEqual({
      voice: { apiKey: 'key', apiSecret: full.VOICE_API_SECRET, url: 'wss://voice.example.org' },
      problems: [],
    });
  });

  it('names what a partial set is missing', () => {
    const { voice, problems } = resolveVoiceConfig({ VOICE_URL: full.VOICE_URL }, false);
    expect(voice).toBeUndefined();
    expect(problems).toEqual([
      'voice chat needs VOICE_API_KEY, VOICE_API_SECRET and VOICE_URL together (or none): VOICE_URL set but VOICE_API_KEY, VOICE_API_SECRET missing',
    ]);
  });

  it('wants a long secret in production only, without quoting it', () => {
    const short = { ...full, VOICE_API_SECRET: 'secret' };
    expect(resolveVoiceConfig(short, false).voice?.apiSecret).toBe('secret');
    const { voice, problems } = resolveVoiceConfig(short, true);
    expect(voice).toBeUndefined();
    expect(problems).toEqual(['VOICE_API_SECRET must be at least 32 characters in production']);
  });
});
