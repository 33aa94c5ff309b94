// The process-wide limit on page renders: at most `limit` run at once, the next ones wait in order
// in a bounded queue, a caller past the queue is refused at once, and a failed render frees its slot.
import { describe, expect, it } from 'vitest';
import { inRenderSlot, RenderQueueFull, renderSlotsState } from './render-slots.ts';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('render slots', () => {
  it('runs two at once, queues four, refuses the rest; all slots are free afterwards', async () => {
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const gates = Array.from({ length: 8 }, gate);
    const work = (i: number) => async () => {
      running++;
      most = Math.max(most, running);
      order.push(i);
      await gates[i]!.opened;
      running--;
      if (i === 3) throw new Error('render failed');
      return i;
    };
    const calls = gates.map((_, i) =>
      inRenderSlot(work(i), 2, 4).then(
        (v) => ({ ok: v }),
        (e: unknown) => ({ err: e }),
      ),
    );
    await new Promise((r) => setImmediate(r));
    expect(renderSlotsState()).toMatchObject({ running: 2, waiting: 4 });
    expect(order).toEqual([0, 1]);
    for (const g of gates) g.open();
    const results = await Promise.all(calls);
    expect(results.slice(0, 6)).toEqual([
      { ok: 0 },
      { ok: 1 },
      { ok: 2 },
      { err: new Error('render failed') },
      { ok: 4 },
      { ok: 5 },
    ]);
    for (const r of results.slice(6))
      expect((r as { err: unknown }).err).toBeInstanceOf(RenderQueueFull);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(renderSlotsState()).toMatchObject({ running: 0, waiting: 0, peak: 2 });
    // A render after the burst starts at once.
    expect(await inRenderSlot(async () => 'again', 2, 4)).toBe('again');
  });
});
