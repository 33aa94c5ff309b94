// Enhances the change-password form: posts to the API, shows a progress bar while waiting, then a
// snackbar with the answer; field messages appear next to their fields; the form resets about half a
// second after the answer. Plain DOM code (no React) to keep the page light.
import { ApiError, postJson } from '#lib/client/api.ts';

const RESET_MS = 500;
const SNACK_MS = 5000;

export function enhancePasswordForm(): void {
  const form = document.getElementById('password-form') as HTMLFormElement | null;
  const progress = document.getElementById('password-progress');
  const snack = document.getElementById('snackbar');
  const button = form?.querySelector<HTMLButtonElement>('button[type=submit]');
  if (!form || !progress || !snack || !button) return;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;

  function show(text: string, error: boolean) {
    snack!.textContent = text;
    snack!.classList.toggle('error', error);
    clearTimeout(hideTimer);
    hideTimer = setTimeout(() => (snack!.textContent = ''), SNACK_MS);
  }

  function fieldError(name: string, text: string | undefined) {
    const input = form!.elements.namedItem(name) as HTMLInputElement | null;
    if (!input) return;
    const id = `${input.id}-error`;
    document.getElementById(id)?.remove();
    const hint = document.getElementById(`${input.id}-hint`);
    if (text) {
      const small = document.createElement('small');
      small.id = id;
      small.className = 'error-text';
      small.textContent = text;
      input.after(small);
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', id);
      if (hint) hint.hidden = true;
    } else {
      input.removeAttribute('aria-invalid');
      if (hint) {
        hint.hidden = false;
        input.setAttribute('aria-describedby', hint.id);
      } else input.removeAttribute('aria-describedby');
    }
  }

  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (button.getAttribute('aria-busy') === 'true') return;
    document.getElementById('error-summary')?.remove();
    button.setAttribute('aria-busy', 'true');
    progress.hidden = false;
    const data = Object.fromEntries(
      ['oldPassword', 'newPassword', 'verifyPassword'].map((n) => [
        n,
        (form.elements.namedItem(n) as HTMLInputElement).value,
      ]),
    );
    let ok = false;
    let message = '';
    let errors: Record<string, string> | undefined;
    try {
      const body = await postJson<{ ok?: boolean; message?: string } | undefined>(
        form.dataset.api!,
        data,
      );
      ok = !!body?.ok;
      message = body?.message ?? '';
    } catch (err) {
      if (err instanceof ApiError) ({ message, errors } = err);
    }
    progress.hidden = true;
    button.removeAttribute('aria-busy');
    for (const n of Object.keys(data)) fieldError(n, errors?.[n]);
    show(message || form.dataset.failed || '', !ok);
    if (ok) setTimeout(() => form.reset(), RESET_MS);
    else (form.querySelector('[aria-invalid=true]') as HTMLElement | null)?.focus();
  });
}
