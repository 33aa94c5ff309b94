// Phone codes by flash call: the user receives a call whose last 4 digits are the code. The provider
// adapter follows uCaller's initCall shape (POST JSON {phone, code, unique} with a Bearer key), where we
// generate the code ourselves. Without CALL_PROVIDER_URL the dev outbox takes the call; production
// refuses the channel instead (see callChannel).
import { config } from '#lib/config.ts';
import { writeOutbox } from '#lib/mail/outbox.ts';

export type CallChannel = 'provider' | 'outbox' | null;

export function callChannel(): CallChannel {
  const c = config();
  if (c.callProvider) return 'provider';
  return c.production ? null : 'outbox';
}

export class CallProviderError extends Error {}

/**
 * Asks for a call to `phone` (+7 and ten digits) from a number ending in `code` (4 digits). `unique` makes
 * the request idempotent at the provider. The code is sent as a 4-character string so leading zeros
 * survive; the phone as digits without the plus, as uCaller expects.
 */
export async function placeFlashCall(phone: string, code: string, unique: string): Promise<void> {
  const channel = callChannel();
  if (channel === 'outbox') {
    writeOutbox({ channel: 'call', to: phone, code });
    return;
  }
  if (channel === null) throw new CallProviderError('Calls are not configured (CALL_PROVIDER_URL)');
  const { url, key } = config().callProvider!;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Authorization: `Bearer ${key}`,
      },
      body: JSON.stringify({ phone: Number(phone.replace(/\D/g, '')), code, unique }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    throw new CallProviderError(
      `call provider unreachable: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  const body = (await res.json().catch(() => null)) as { status?: boolean; error?: string } | null;
  if (!res.ok || body?.status === false)
    throw new CallProviderError(`call provider refused: ${res.status} ${body?.error ?? ''}`.trim());
}
