// The notifications dropdown's live updates, bundled into the page by its <script> (Astro writes it
// inline: small and importing nothing, see astro.config.mjs). It listens on /ws:
// notification.created puts a copy of the template at the top of "all" and of the item's module tab
// (10 at most), notification.read removes the read items (ids null: all); both set the count. It
// reconnects after 5 s unless the session ended (close code 4401).

type Created = { id: number; module: string; icon: string; title: string; unread: number };
type Read = { ids: number[] | null; unread: number };

const SESSION_ENDED = 4401;
const RECONNECT_MS = 5000;
const SHOWN = 10;

const root = document.getElementById('nf');
if (root) {
  const count = root.querySelector<HTMLElement>('.nf-count')!;
  const template = (root.lastElementChild as HTMLTemplateElement).content.firstChild as HTMLElement;
  const icons = JSON.parse(root.dataset.icons ?? '{}') as Record<string, string>;
  // The route of an item's form (paths.notifications.open, written by the server with ID for the id)
  // and the WebSocket's path, from the server: this inline script imports nothing (see above).
  const openPath = root.dataset.open!;

  const add = (d: Created) => {
    for (const tab of ['all', d.module]) {
      const list = root.querySelector(`[data-tab=${tab}] ul`);
      if (!list) continue;
      const item = template.cloneNode(true) as HTMLElement;
      item.dataset.id = String(d.id);
      (item.firstChild as HTMLFormElement).action = openPath.replace('ID', String(d.id));
      item.querySelector('use')!.setAttribute('href', `#i-${icons[d.icon]}`);
      item.querySelector('span')!.textContent = d.title;
      list.prepend(item);
      list.children[SHOWN]?.remove();
    }
  };
  const remove = (d: Read) => {
    root.querySelectorAll<HTMLElement>('li').forEach((li) => {
      if (!d.ids || d.ids.includes(Number(li.dataset.id))) li.remove();
    });
  };

  const listen = () => {
    const ws = new WebSocket(`${location.origin.replace('http', 'ws')}${root.dataset.socket!}`);
    ws.onmessage = (e) => {
      const { type, data } = JSON.parse(e.data as string) as { type: string; data: Created & Read };
      if (type === 'notification.created') add(data);
      else if (type === 'notification.read') remove(data);
      else return;
      count.textContent = root.querySelector('.nf-n')!.textContent = String(data.unread);
      count.hidden = !data.unread;
    };
    ws.onclose = (e) => {
      if (e.code !== SESSION_ENDED) setTimeout(listen, RECONNECT_MS);
    };
  };
  listen();
}

// A module (its names stay its own), run for its effect when the page script imports it.
export {};
