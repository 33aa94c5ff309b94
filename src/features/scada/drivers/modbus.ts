// Modbus TCP through modbus-serial: one connection per object, one request in flight (calls are
// chained), a timeout on every request, reads grouped into blocks. A Modbus exception answer marks
// the block's tags not available but keeps the link; a timeout or socket error breaks the session.
import ModbusRTU from 'modbus-serial';
import type * as v from 'valibot';
import type { ModbusDriver } from '../scada.schema.ts';
import { ModbusAddress } from '../scada.schema.ts';
import { decode, encode, planReads, widthOf } from './modbus-codec.ts';
import { LinkError, withTimeout, type DriverSession, type TagSpec } from './types.ts';

type Settings = v.InferOutput<typeof ModbusDriver>;
const isException = (err: unknown) =>
  typeof (err as { modbusCode?: unknown })?.modbusCode === 'number';

export async function openModbus(s: Settings, tags: TagSpec[]): Promise<DriverSession> {
  const client = new ModbusRTU();
  let broken = false;
  await withTimeout(client.connectTCP(s.host, { port: s.port }), s.timeout_ms, 'modbus connect');
  client.setID(s.unit_id);
  client.setTimeout(s.timeout_ms);
  const addresses = tags.map((t) => t.address as unknown as ModbusAddress);
  const blocks = planReads(addresses);
  let chain: Promise<unknown> = Promise.resolve();
  // Every request waits for the previous one: devices and gateways often handle one at a time.
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = chain.then(work, work);
    chain = next.catch(() => {});
    return next;
  };
  const call = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    if (broken || !client.isOpen) throw new LinkError('modbus: connection closed');
    try {
      return await withTimeout(work(), s.timeout_ms + 200, what);
    } catch (err) {
      if (isException(err)) throw err;
      broken = true;
      throw err instanceof LinkError ? err : new LinkError(`modbus: ${(err as Error).message}`);
    }
  };

  return {
    read: () =>
      serial(async () => {
        const values: Array<number | null> = tags.map(() => null);
        for (const b of blocks) {
          let words: number[];
          try {
            words = await call('modbus read', async () => {
              if (b.table === 'holding')
                return (await client.readHoldingRegisters(b.start, b.count)).data;
              if (b.table === 'input')
                return (await client.readInputRegisters(b.start, b.count)).data;
              const bits =
                b.table === 'coil'
                  ? await client.readCoils(b.start, b.count)
                  : await client.readDiscreteInputs(b.start, b.count);
              return bits.data.slice(0, b.count).map((x) => (x ? 1 : 0));
            });
          } catch (err) {
            if (isException(err)) continue; // those tags stay N/A
            throw err;
          }
          for (const i of b.tags) {
            const a = addresses[i]!;
            const off = a.register - b.start;
            values[i] = decode(a, words.slice(off, off + widthOf(a.datatype)));
          }
        }
        return values;
      }),
    write: (tag, value) => {
      const a = tag.address as unknown as ModbusAddress;
      if (a.table !== 'coil' && a.table !== 'holding')
        return Promise.reject(
          new Error('modbus: input registers and discrete inputs are read-only'),
        );
      return serial(() =>
        call('modbus write', async () => {
          if (a.table === 'coil') await client.writeCoil(a.register, value !== 0);
          else await client.writeRegisters(a.register, encode(a, value));
        }),
      );
    },
    close: () =>
      new Promise<void>((resolve) => (client.isOpen ? client.close(() => resolve()) : resolve())),
  };
}
