// The first-visit dialog with JavaScript: modal, and Close and Esc both record the flag. The cookie is
// written at once, so a link followed right after closing already carries it (the background request
// alone could still be in flight, or its answer unread, when the next page is asked for); the
// keepalive post then sets the server's own copy. (No 'close' listener: the close() that turns the
// open dialog into a modal fires one too.)
//
// The post is the one raw fetch left in client code, on purpose: its answer is never read (nothing to
// report to the user), and importing #lib/client/api.ts would turn this chrome script into an
// external chunk on every page (shared with the islands), which the page-weight budget forbids.
const dialog = document.querySelector<HTMLDialogElement>('[data-start-info]');
if (dialog?.showModal) {
  const form = dialog.querySelector('form')!;
  let saved = false;
  const save = () => {
    if (saved) return;
    saved = true;
    const secure = location.protocol === 'https:' ? ';secure' : '';
    document.cookie = `${dialog.dataset.cookie}=hidden;path=/;max-age=31536000;samesite=lax${secure}`;
    void fetch(form.action, {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body: new URLSearchParams([...new FormData(form)].map(([k, v]) => [k, String(v)])),
      keepalive: true,
    }).catch(() => undefined);
  };
  dialog.close();
  dialog.showModal();
  dialog.addEventListener('cancel', save);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    save();
    dialog.close();
  });
}

// A module (its names stay its own), run for its effect when the page script imports it.
export {};
