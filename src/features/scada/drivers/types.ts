// What the poller needs of a field driver: read every tag (null = not available), write one tag.
// A read or write that throws means the link is broken: the poller closes the session and reconnects.

export interface TagSpec {
  id: number;
  idx: number;
  type: string;
  field_type: string | null;
  address: Record<string, unknown>;
}

export interface DriverSession {
  /** Values by tag index; null where the device reports "not available" or an exception. */
  read(): Promise<Array<number | null>>;
  write(tag: TagSpec, value: number): Promise<void>;
  close(): Promise<void>;
}

export class LinkError extends Error {}
/** The connection is fine but the device has nothing fresh: the read fails, the session stays. */
export class NoDataError extends Error {}

/** Rejects with a LinkError when the promise does not settle in time. */
export function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new LinkError(`${what}: timed out after ${ms} ms`)), ms);
    p.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}
