// Page renders for the wizard's thumbnails and the review's crops (pdftoppm over the scan's PDF, a
// temporary folder each) run a few at once for the whole process: a list of crops or thumbnails asks
// for many pages together, and each render costs a core for up to a second. The others wait in a
// bounded queue, first come first served; past it the caller is told to come back (503 with
// Retry-After). Kept on globalThis: the server entry and the Astro bundle load separate copies.

/** Renders at once, and renders waiting for a slot at most. */
export const RENDER_SLOTS = 2;
export const RENDER_QUEUE = 16;
/** Seconds a refused caller is asked to wait. */
export const RENDER_RETRY_AFTER = 5;

/** The queue is full: the render was not started. */
export class RenderQueueFull extends Error {
  constructor() {
    super('page renders: the queue is full');
    this.name = 'RenderQueueFull';
  }
}

interface Slots {
  running: number;
  /** The most renders that ran at once since the process started (read by tests). */
  peak: number;
  waiting: Array<() => void>;
}

const KEY = Symbol.for('cabinet.scanner.renderSlots');
const slots = (): Slots =>
  ((globalThis as Record<symbol, Slots | undefined>)[KEY] ??= { running: 0, peak: 0, waiting: [] });

/** Runs `work` when a slot is free (at most `limit` at once); throws RenderQueueFull when `queue` callers already wait. */
export async function inRenderSlot<T>(
  work: () => Promise<T>,
  limit = RENDER_SLOTS,
  queue = RENDER_QUEUE,
): Promise<T> {
  const s = slots();
  if (s.running >= limit) {
    if (s.waiting.length >= queue) throw new RenderQueueFull();
    await new Promise<void>((resume) => s.waiting.push(resume));
  } else s.running++;
  // A slot is ours here (handed over by the one that finished, without a gap another could take).
  s.peak = Math.max(s.peak, s.running);
  try {
    return await work();
  } finally {
    const next = s.waiting.shift();
    if (next) next();
    else s.running--;
  }
}

/** Renders running now, waiting now, and the most at once so far. */
export function renderSlotsState(): { running: number; waiting: number; peak: number } {
  const s = slots();
  return { running: s.running, waiting: s.waiting.length, peak: s.peak };
}
