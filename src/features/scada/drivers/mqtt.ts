// MQTT through MQTT.js: subscribes to each tag's topic under the object's prefix and keeps the last
// value; a read returns those (null until a first message, or when the payload is not a number).
// The link is up while the broker connection is (and, with stale_ms, while the device keeps
// publishing); writes publish to the tag's write topic (QoS 1).
import mqtt from 'mqtt';
import type * as v from 'valibot';
import type { MqttAddress, MqttDriver } from '../scada.schema.ts';
import { LinkError, NoDataError, withTimeout, type DriverSession, type TagSpec } from './types.ts';

type Settings = v.InferOutput<typeof MqttDriver>;

/** A number from a payload: plain text, or a JSON document and a dotted path into it. */
export function payloadValue(payload: string, path?: string): number | null {
  let x: unknown = payload.trim();
  if (path) {
    try {
      x = JSON.parse(payload);
    } catch {
      return null;
    }
    for (const part of path.split('.'))
      x = x && typeof x === 'object' ? (x as Record<string, unknown>)[part] : undefined;
  }
  if (typeof x === 'boolean') return x ? 1 : 0;
  if (x === 'true' || x === 'false') return x === 'true' ? 1 : 0;
  const n = typeof x === 'number' ? x : typeof x === 'string' && x !== '' ? Number(x) : NaN;
  return Number.isFinite(n) ? n : null;
}

export async function openMqtt(s: Settings, tags: TagSpec[]): Promise<DriverSession> {
  const client = mqtt.connect(s.url, { reconnectPeriod: 0, connectTimeout: 5000, clean: true });
  await withTimeout(
    new Promise<void>(
      (resolve, reject) => (client.once('connect', () => resolve()), client.once('error', reject)),
    ),
    6000,
    'mqtt connect',
  );
  const topicOf = (a: MqttAddress) => `${s.topic_prefix}${a.topic}`;
  const values: Array<number | null> = tags.map(() => null);
  const byTopic = new Map<string, number[]>();
  tags.forEach((tag, i) => {
    const topic = topicOf(tag.address as unknown as MqttAddress);
    byTopic.set(topic, [...(byTopic.get(topic) ?? []), i]);
  });
  let lastMessage = Date.now();
  client.on('message', (topic, payload) => {
    lastMessage = Date.now();
    for (const i of byTopic.get(topic) ?? [])
      values[i] = payloadValue(
        payload.toString('utf8'),
        (tags[i]!.address as unknown as MqttAddress).json_path,
      );
  });
  if (byTopic.size) await client.subscribeAsync([...byTopic.keys()], { qos: 1 });
  return {
    async read() {
      if (!client.connected) throw new LinkError('mqtt: not connected');
      // A connected broker says nothing about the device: with stale_ms, silence is no link.
      if (s.stale_ms && Date.now() - lastMessage > s.stale_ms)
        throw new NoDataError('mqtt: the device is silent');
      return [...values];
    },
    async write(tag, value) {
      const a = tag.address as unknown as MqttAddress;
      if (!a.write_topic) throw new Error('mqtt: the tag has no write topic');
      if (!client.connected) throw new LinkError('mqtt: not connected');
      await client.publishAsync(`${s.topic_prefix}${a.write_topic}`, String(value), { qos: 1 });
    },
    close: () => client.endAsync(true).then(() => undefined),
  };
}
