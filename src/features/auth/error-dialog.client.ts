// Reopens the server-rendered 'Error' dialog as a modal (focus moves in, the page behind becomes
// inert). Without JavaScript it stays the open, non-modal dialog whose button closes it natively.
const dialog = document.querySelector<HTMLDialogElement>('[data-auth-error]');
if (dialog?.showModal) {
  dialog.close();
  dialog.showModal();
}

// A module (its names stay its own), run for its effect when the page script imports it.
export {};
