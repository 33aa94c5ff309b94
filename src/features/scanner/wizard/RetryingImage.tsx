// A page thumbnail or source crop that loads again when the server turned it away: page renders run
// a few at once for the whole server and a burst past its queue answers 503 with Retry-After, which
// an <img> cannot read; it tries again a few times, later each time, under a new address (an error
// answer is not cached, a fresh query makes the browser ask again).
import { useEffect, useState, type ImgHTMLAttributes } from 'react';

/** Tries after the first failure, and the wait before each, ms (the server asks for 5 s). */
export const IMAGE_RETRIES = 3;
export const IMAGE_RETRY_MS = 5000;

export function RetryingImage({
  src,
  ...rest
}: ImgHTMLAttributes<HTMLImageElement> & { src: string }) {
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!failed || attempt >= IMAGE_RETRIES) return;
    const timer = setTimeout(
      () => {
        setFailed(false);
        setAttempt((a) => a + 1);
      },
      IMAGE_RETRY_MS * (attempt + 1),
    );
    return () => clearTimeout(timer);
  }, [failed, attempt]);
  const url = attempt ? `${src}${src.includes('?') ? '&' : '?'}retry=${attempt}` : src;
  return <img {...rest} src={url} onError={() => setFailed(true)} />;
}
