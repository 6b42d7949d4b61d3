import { h, replaceChildren } from '../../dom';
import type { GameStore } from '../../game/store';
import { effectiveStyle, runEnergyPercent, styleSetOf, stylesOf, teleportState } from './items-logic';
import { Disposers, prayerState } from './shared';

const TICK_MS = 600;

function orb(kind: string, label: string, value: HTMLElement): HTMLElement {
  return h('div', { class: `orb orb-${kind}` }, h('span', { class: 'orb-label' }, label), value);
}

/**
 * The status HUD: health, prayer points, run energy with the run toggle, home teleport (casting
 * and cooldown), the combat style of the wielded weapon and auto-retaliate.
 */
export function mountStatus(root: HTMLElement, store: GameStore): () => void {
  const d = new Disposers();
  const health = h('span', { class: 'orb-value', 'data-testid': 'health' });
  const prayer = h('span', { class: 'orb-value', 'data-testid': 'prayer-points' });
  const energy = h('span', { class: 'orb-value', 'data-testid': 'run-energy' });
  const run = h('button', { class: 'run-toggle', 'data-testid': 'run-toggle', title: 'Toggle running' });
  const home = h('button', {
    class: 'home-teleport',
    'data-testid': 'home-teleport',
    title: 'Teleport to Oakhaven',
  });
  const style = h('select', { class: 'combat-style', 'data-testid': 'combat-style', title: 'Attack style' });
  const retaliate = h('input', { type: 'checkbox', 'data-testid': 'auto-retaliate' });
  const healthOrb = orb('health', 'HP', health);
  root.append(
    h(
      'div',
      { class: 'panel-status' },
      healthOrb,
      orb('prayer', 'Prayer', prayer),
      h('div', { class: 'orb orb-run' }, h('span', { class: 'orb-label' }, 'Run'), energy, run),
      home,
      h(
        'div',
        { class: 'combat-controls' },
        style,
        h('label', { class: 'retaliate' }, retaliate, 'Auto retaliate'),
      ),
    ),
  );

  let castEndsAt: number | undefined;
  let readyAt: number | undefined;
  let styleId: string | undefined;

  const fromSync = (): void => {
    const p = store.world.player;
    if (!p) return;
    readyAt =
      p.homeTeleportCooldownTicks > 0 ? Date.now() + p.homeTeleportCooldownTicks * TICK_MS : undefined;
    castEndsAt = undefined;
    styleId = p.combat.styleId || undefined;
    retaliate.checked = p.combat.autoRetaliate;
  };

  const renderHealth = (): void => {
    const p = store.world.player;
    const hp = p?.health ?? 0;
    const max = p?.maxHealth ?? 0;
    health.textContent = `${hp}/${max}`;
    healthOrb.classList.toggle('low', max > 0 && hp / max <= 0.25);
    healthOrb.style.setProperty('--fill', max > 0 ? `${Math.round((hp / max) * 100)}%` : '0%');
  };
  const renderPrayer = (): void => {
    const s = prayerState(store);
    prayer.textContent = `${s.points}/${s.maxPoints}`;
  };
  const renderRun = (): void => {
    const e = store.world.player?.position.runEnergy ?? 0;
    energy.textContent = `${runEnergyPercent(e)}%`;
    run.textContent = store.runEnabled ? 'On' : 'Off';
    run.classList.toggle('on', store.runEnabled);
    run.setAttribute('aria-pressed', store.runEnabled ? 'true' : 'false');
  };
  const renderTeleport = (): void => {
    const state = teleportState(Date.now(), castEndsAt, readyAt);
    home.textContent = state.label;
    home.dataset['mode'] = state.mode;
  };
  const styles = (): ReturnType<typeof stylesOf> => {
    const weapon = store.world.player?.equipment.find((s) => s.slot === 'weapon');
    const def = weapon ? store.content.items.get(weapon.itemId) : undefined;
    return stylesOf(store.content.raw.get('combat-styles.json'), styleSetOf(def));
  };
  const renderStyle = (): void => {
    const list = styles();
    const current = effectiveStyle(list, styleId);
    replaceChildren(
      style,
      list.map((s) =>
        h(
          'option',
          { value: s.id, selected: s.id === current },
          s.stance ? `${s.name} (${s.stance})` : s.name,
        ),
      ),
    );
    style.hidden = list.length === 0;
    if (current) style.value = current;
  };
  const renderAll = (): void => {
    renderHealth();
    renderPrayer();
    renderRun();
    renderTeleport();
    renderStyle();
  };

  d.listen(run, 'click', () => {
    const next = !store.runEnabled;
    store.setRun(next);
    void store.act('player:action', { action: 'setRun', running: next });
  });
  d.listen(home, 'click', () => {
    if (castEndsAt !== undefined && castEndsAt > Date.now()) void store.act('teleport:cancel', {});
    else void store.act('player:action', { action: 'homeTeleport' });
  });
  d.listen(style, 'change', () => {
    const chosen = style.value;
    const previous = styleId;
    styleId = chosen;
    void store.act('player:action', { action: 'setStyle', styleId: chosen }).then((ack) => {
      if (!ack) {
        styleId = previous;
        renderStyle();
      }
    });
  });
  d.listen(retaliate, 'change', () => {
    const enabled = retaliate.checked;
    void store.act('player:action', { action: 'setAutoRetaliate', enabled }).then((ack) => {
      if (!ack) retaliate.checked = !enabled;
    });
  });

  d.add(
    store.on('player:sync', () => {
      fromSync();
      renderAll();
    }),
  );
  d.add(store.on('player:stats', renderHealth));
  d.add(store.on('prayer:update', renderPrayer));
  d.add(store.on('skill:levelUp', renderPrayer));
  d.add(store.on('world:update', (u) => u.self && renderRun()));
  d.add(store.local.on('run', renderRun));
  d.add(store.on('equipment:update', renderStyle));
  d.add(
    store.on('teleport:started', (t) => {
      if (t.playerId !== store.selfId) return;
      castEndsAt = Date.now() + Math.max(0, t.landsAtTick - t.tick) * TICK_MS;
      renderTeleport();
    }),
  );
  d.add(
    store.on('teleport:cancelled', (t) => {
      if (t.playerId !== store.selfId) return;
      castEndsAt = undefined;
      store.log({ channel: 'game', text: `Your teleport was interrupted (${t.reason}).` });
      renderTeleport();
    }),
  );
  d.add(
    store.on('teleport:completed', (t) => {
      castEndsAt = undefined;
      readyAt = Date.now() + t.cooldownTicks * TICK_MS;
      renderTeleport();
    }),
  );
  const timer = window.setInterval(renderTeleport, 1000);
  d.add(() => window.clearInterval(timer));

  fromSync();
  renderAll();
  return () => d.dispose();
}
