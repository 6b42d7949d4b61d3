import { areaAt, type MusicTrack } from '../content';
import { h, replaceChildren } from '../dom';
import { settings } from '../settings';
import { chooseTrack, hitInvolves, inCombatAt, trackUrl } from './music-logic';
import type { GameStore } from './store';
import './music.css';

const MUTED_KEY = 'tilerealm.music.muted';

function readMuted(): boolean {
  try {
    return window.localStorage.getItem(MUTED_KEY) === '1';
  } catch {
    return false;
  }
}

function writeMuted(muted: boolean): void {
  try {
    window.localStorage.setItem(MUTED_KEY, muted ? '1' : '0');
  } catch {
    // Storage may be disabled (private mode): the choice then lasts for this page only.
  }
}

/**
 * The music: the current area's tracks from the CDN, its combat track while the own player fights
 * (a hit given or taken in the last 10 s), shuffled within the category. Browsers block autoplay,
 * so nothing plays before the first click or key press. Renders the mute toggle with the track
 * name; the mute choice is kept in localStorage. Audio failures never throw: the toggle then says
 * "music unavailable".
 */
export function mountMusic(el: HTMLElement, store: GameStore): () => void {
  let muted = readMuted();
  let unlocked = false;
  let unavailable = false;
  let disposed = false;
  let current: MusicTrack | undefined;
  let areaId: string | null | undefined = store.world.player?.areaId;
  let lastHitAt: number | undefined;
  let fighting = false;

  const audio = new Audio();
  audio.preload = 'auto';
  audio.volume = settings.get().musicVolume;
  const offVolume = settings.on((s) => {
    audio.volume = s.musicVolume;
  });

  const button = h('button', {
    class: 'music-toggle',
    type: 'button',
    'data-testid': 'music-toggle',
  });
  el.append(button);

  function render(): void {
    const name = unavailable ? 'music unavailable' : (current?.name ?? 'no music');
    replaceChildren(
      button,
      h('span', { class: 'music-icon', 'aria-hidden': 'true' }, '\u266A'),
      h('span', { class: 'music-track', 'data-testid': 'music-track' }, name),
      muted ? h('span', { class: 'music-muted' }, '(muted)') : null,
    );
    button.setAttribute('aria-pressed', String(!muted));
    button.setAttribute('aria-label', `${muted ? 'Unmute' : 'Mute'} music (${name})`);
    button.title = muted
      ? 'Music is muted: click to unmute'
      : unlocked
        ? 'Click to mute the music'
        : 'Music starts with your first click in the game';
    button.classList.toggle('muted', muted);
    button.classList.toggle('unavailable', unavailable);
  }

  function play(): void {
    if (disposed || muted || !unlocked || !current) return;
    const url = trackUrl(store.session.env.cdnUrl, current);
    try {
      if (audio.src !== url) audio.src = url;
      const started = audio.play();
      // Old browsers return undefined; new ones a promise that rejects when playback cannot start.
      void Promise.resolve(started).catch((err: unknown) => {
        const name = err instanceof DOMException ? err.name : '';
        if (name === 'AbortError') return; // replaced by another track or paused: not a failure
        if (name === 'NotAllowedError') {
          unlocked = false; // wait for a real gesture
        } else {
          unavailable = true;
        }
        render();
      });
    } catch {
      unavailable = true;
      render();
    }
  }

  /** Picks the track for the situation now and plays it when it changed (or when one ended). */
  function update(ended = false): void {
    if (disposed) return;
    const next = chooseTrack({ areaId, inCombat: fighting }, store.content, current, { ended });
    if (next?.id !== current?.id) {
      current = next;
      if (!next) {
        audio.pause();
      } else {
        play();
      }
    } else if (ended && current) {
      try {
        audio.currentTime = 0;
      } catch {
        // ignore: some browsers refuse a seek before metadata; play() restarts anyway
      }
      play();
    }
    render();
  }

  const onError = (): void => {
    if (disposed || !audio.getAttribute('src')) return;
    unavailable = true;
    render();
  };
  const onPlaying = (): void => {
    if (unavailable) {
      unavailable = false;
      render();
    }
  };
  const onEnded = (): void => update(true);
  audio.addEventListener('error', onError);
  audio.addEventListener('playing', onPlaying);
  audio.addEventListener('ended', onEnded);

  // The first user gesture unlocks audio.
  const onGesture = (e: Event): void => {
    if (e.target instanceof Node && button.contains(e.target)) return; // the toggle handles itself
    if (unlocked) return;
    unlocked = true;
    play();
    render();
  };
  const gestures = ['pointerdown', 'keydown'] as const;
  for (const g of gestures) document.addEventListener(g, onGesture, true);

  button.addEventListener('click', () => {
    muted = !muted;
    writeMuted(muted);
    unlocked = true; // this click is a gesture
    if (muted) {
      audio.pause();
    } else {
      unavailable = false;
      play();
    }
    render();
  });

  const areaFromPosition = (): void => {
    const pos = store.world.position;
    if (!pos) return;
    const next = areaAt(store.content, pos.x, pos.z)?.id ?? null;
    if (next !== areaId) {
      areaId = next;
      update();
    }
  };

  const offs = [
    offVolume,
    store.on('player:sync', (sync) => {
      const p = sync.player;
      areaId = p.areaId ?? areaAt(store.content, p.position.x, p.position.z)?.id ?? null;
      update();
    }),
    store.on('world:update', (u) => {
      if (u.self) areaFromPosition();
    }),
    store.on('combat:hit', (hit) => {
      if (!hitInvolves(hit, store.selfId)) return;
      lastHitAt = Date.now();
      if (!fighting) {
        fighting = true;
        update();
      }
    }),
  ];
  const timer = window.setInterval(() => {
    const now = inCombatAt(lastHitAt, Date.now());
    if (now !== fighting) {
      fighting = now;
      update();
    }
  }, 1000);

  update();

  return () => {
    disposed = true;
    window.clearInterval(timer);
    for (const off of offs) off();
    for (const g of gestures) document.removeEventListener(g, onGesture, true);
    audio.removeEventListener('error', onError);
    audio.removeEventListener('playing', onPlaying);
    audio.removeEventListener('ended', onEnded);
    try {
      audio.pause();
      audio.removeAttribute('src');
      audio.load();
    } catch {
      // nothing to clean up
    }
    button.remove();
  };
}
