// A real Modbus TCP server for the dispatching suites (modbus-serial's ServerTCP on 127.0.0.1): a
// register map the test edits, 0xFFFF for "not available", an illegal-address range answering a
// Modbus exception, a mode that never answers (timeout) and one that ignores writes.
import { createServer } from 'node:net';
import { ServerTCP } from 'modbus-serial';

export type Mode = 'normal' | 'hang' | 'ignoreWrites';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export async function modbusDevice(port: number) {
  const holding = new Map<number, number>();
  const input = new Map<number, number>();
  const coils = new Map<number, boolean>();
  let mode: Mode = 'normal';
  const requests = { reads: 0, writes: 0 };
  const illegal = (addr: number) => addr >= 500;
  type Cb<T> = (err: unknown, value?: T) => void;
  // Callback style (the server's 3- and 4-argument forms); in hang mode the callback never runs.
  const answer = <T>(cb: Cb<T>, value: () => T) => {
    requests.reads++;
    if (mode === 'hang') return;
    try {
      cb(null, value());
    } catch (err) {
      cb(err);
    }
  };
  const reg = (map: Map<number, number>, addr: number) => {
    if (map === holding && illegal(addr))
      throw { modbusErrorCode: 0x02, msg: 'Illegal data address' };
    return map.get(addr) ?? 0;
  };
  const vector = {
    getHoldingRegister: (addr: number, _unit: number, cb: Cb<number>) =>
      answer(cb, () => reg(holding, addr)),
    getMultipleHoldingRegisters: (addr: number, length: number, _unit: number, cb: Cb<number[]>) =>
      answer(cb, () => Array.from({ length }, (_, i) => reg(holding, addr + i))),
    getInputRegister: (addr: number, _unit: number, cb: Cb<number>) =>
      answer(cb, () => reg(input, addr)),
    getMultipleInputRegisters: (addr: number, length: number, _unit: number, cb: Cb<number[]>) =>
      answer(cb, () => Array.from({ length }, (_, i) => reg(input, addr + i))),
    getCoil: (addr: number, _unit: number, cb: Cb<boolean>) =>
      answer(cb, () => coils.get(addr) ?? false),
    getDiscreteInput: (_addr: number, _unit: number, cb: Cb<boolean>) => answer(cb, () => false),
    setRegister: (addr: number, value: number) => {
      requests.writes++;
      if (mode !== 'ignoreWrites') holding.set(addr, value);
    },
    setRegisterArray: (addr: number, values: number[]) => {
      requests.writes++;
      if (mode !== 'ignoreWrites') values.forEach((x, i) => holding.set(addr + i, x));
    },
    setCoil: (addr: number, value: boolean) => {
      requests.writes++;
      // The fault coil: writing true acknowledges (clears) it, as a reset input does on a controller.
      if (mode !== 'ignoreWrites') coils.set(addr, addr === 0 && value ? false : value);
    },
  };
  let server: ServerTCP | null = null;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = new ServerTCP(vector as never, { host: '127.0.0.1', port, unitID: 1 });
      server.once('initialized', () => resolve());
      server.once('serverError', reject);
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      const s = server as unknown as {
        socks: Map<import('node:net').Socket, 0>;
        close(cb: () => void): void;
      };
      for (const sock of s.socks.keys()) sock.destroy();
      s.close(() => resolve());
      server = null;
    });
  await start();
  return {
    holding,
    input,
    coils,
    requests,
    setMode: (m: Mode) => (mode = m),
    start,
    stop,
  };
}

/** Registers of a 32-bit float, high word first. */
export const floatWords = (x: number): [number, number] => {
  const b = Buffer.alloc(4);
  b.writeFloatBE(x, 0);
  return [b.readUInt16BE(0), b.readUInt16BE(2)];
};
