// The menu's alarm badge kept live, bundled into the page by ScadaAlarmBadge's <script> (written
// inline: small and importing nothing, see astro.config.mjs). It opens the alarm feed
// (/ws?wss_type=scada without scada_id, alarms.feed.server.ts): each frame sets the badge to the
// user's active count and is passed on to the page as a window event `scada:alarm` (the alarm list
// island refreshes on it). It reconnects after 5 s, unless the feed was refused or closed for good
// (session ended 4401, no object left 4404).

type Frame = { type: string; alarm: { object_id: number }; active: number };

const FOR_GOOD = new Set([4401, 4404]);
const RECONNECT_MS = 5000;

const badges = [...document.querySelectorAll<HTMLElement>('[data-scada-alarms]')];
const first = badges[0];
if (first) {
  const set = (n: number) => {
    for (const b of badges) {
      const label = (b.dataset.title ?? '').replace('{count}', String(n));
      b.dataset.scadaAlarms = String(n);
      b.title = label;
      b.firstElementChild!.textContent = String(n);
      b.lastElementChild!.textContent = label;
      b.hidden = n === 0;
    }
  };
  const listen = () => {
    let opened = false;
    const ws = new WebSocket(
      `${location.origin.replace('http', 'ws')}${first.dataset.socket!}?wss_type=scada`,
    );
    ws.onopen = () => (opened = true);
    ws.onmessage = (e) => {
      const frame = JSON.parse(e.data as string) as Frame;
      if (frame.type !== 'alarm') return;
      set(frame.active);
      window.dispatchEvent(new CustomEvent('scada:alarm', { detail: frame }));
    };
    ws.onclose = (e) => {
      if (opened && !FOR_GOOD.has(e.code)) setTimeout(listen, RECONNECT_MS);
    };
  };
  listen();
}

// A module (its names stay its own), run for its effect when the page script imports it.
export {};
