// One hostile WebSocket frame from a signed-in user must cost that user their connection, not the
// whole process. The frames are written by hand on a raw TCP socket after a hand-made upgrade, so
// masking, RSV bits and opcodes are ours to break; after each one the server must still answer
// /healthz and a sign-in, and its log must name the protocol error with the connection's id.
import { randomBytes } from 'node:crypto';
import { connect as tcp, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { sessionFor } from '../helpers/session.ts';

let server: TestServer;
let token: string;
let objectId: number;

beforeAll(async () => {
  server = await startServer();
  token = (await sessionFor(server, 'dmitry.volkov@demo.example')).token;
  const list = await fetch(`${server.url}/api/v1/scada?sortedBy=asc`, {
    headers: { authorization: `Bearer ${token}` },
  });
  objectId = ((await list.json()) as { data: Array<{ id: number }> }).data[0]!.id;
});
afterAll(async () => {
  await server?.stop();
});

/** A client frame: FIN + the given first-byte bits, masked unless told otherwise. */
function frame(
  opcode: number,
  payload: Buffer,
  o: { rsv?: number; masked?: boolean } = {},
): Buffer {
  const masked = o.masked ?? true;
  const len = payload.length;
  const head =
    len < 126
      ? Buffer.from([0, len])
      : len < 65536
        ? Buffer.from([0, 126, len >> 8, len & 255])
        : Buffer.alloc(10);
  if (len >= 65536) {
    head[1] = 127;
    head.writeBigUInt64BE(BigInt(len), 2);
  }
  head[0] = 0x80 | ((o.rsv ?? 0) << 4) | opcode;
  if (!masked) return Buffer.concat([head, payload]);
  head[1]! |= 0x80;
  const mask = randomBytes(4);
  const body = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!));
  return Buffer.concat([head, mask, body]);
}

const closeCode = (code: number) => Buffer.from([code >> 8, code & 255]);

/** The hostile frames; `limit` is the endpoint's payload limit. */
const hostile = (limit: number): Array<[string, Buffer, string]> => [
  [
    'a text frame above the payload limit',
    frame(1, Buffer.alloc(limit + 1, 'a')),
    'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH',
  ],
  ['invalid UTF-8', frame(1, Buffer.from([0xff, 0xfe, 0xfd])), 'WS_ERR_INVALID_UTF8'],
  [
    'an unmasked client frame',
    frame(1, Buffer.from('{}'), { masked: false }),
    'WS_ERR_EXPECTED_MASK',
  ],
  ['RSV bits set', frame(1, Buffer.from('{}'), { rsv: 0b110 }), 'WS_ERR_UNEXPECTED_RSV_'],
  ['an unknown opcode', frame(3, Buffer.from('{}')), 'WS_ERR_INVALID_OPCODE'],
  [
    'a ping longer than 125 bytes',
    frame(9, Buffer.alloc(126, 'p')),
    'WS_ERR_INVALID_CONTROL_PAYLOAD_LENGTH',
  ],
  ['a bad close code', frame(8, closeCode(999)), 'WS_ERR_INVALID_CLOSE_CODE'],
];

/** Upgrades by hand and resolves with the raw socket once the server answered 101. */
function upgrade(path: string, requestId: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = tcp(server.port, '127.0.0.1');
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onData);
      if (!head.startsWith('HTTP/1.1 101'))
        return reject(new Error(`upgrade refused: ${head.slice(0, end)}`));
      socket.on('data', () => {}); // whatever the server sends on is not the subject here
      resolve(socket);
    };
    socket.on('data', onData);
    socket.on('error', reject);
    socket.write(
      [
        `GET ${path} HTTP/1.1`,
        `Host: 127.0.0.1:${server.port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        `Origin: ${server.url}`,
        `Cookie: sid=${token}`,
        `X-Request-Id: ${requestId}`,
        '',
        '',
      ].join('\r\n'),
    );
  });
}

/** Resolves when the server has ended the connection (or after `ms`, with false). */
const ended = (socket: Socket, ms = 5000) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.on('error', () => {});
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

async function stillServing() {
  const health = await fetch(`${server.url}/healthz`);
  expect(health.status).toBe(200);
  const login = await fetch(`${server.url}/api/v1/profile/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
    body: new URLSearchParams({ login: 'olga.demidova@demo.example', password: 'Demo2026' }),
  });
  expect(login.status).toBe(200);
  expect(((await login.json()) as { access_token?: string }).access_token).toMatch(/^[\w-]{20,}$/);
}

const endpoints: Array<[string, () => string, number]> = [
  ['/ws', () => '/ws', 16 * 1024],
  ['the dispatching stream', () => `/ws?wss_type=scada&scada_id=${objectId}`, 1024],
  ['the alarm feed', () => '/ws?wss_type=scada', 1024],
];

describe.each(endpoints)('a hostile frame on %s', (_name, path, limit) => {
  it.each(hostile(limit))(
    '%s closes that connection, is logged with its id, and the server lives',
    async (_kind, bytes, code) => {
      const id = `hostile-${randomBytes(6).toString('hex')}`;
      const socket = await upgrade(path(), id);
      const gone = ended(socket);
      socket.write(bytes);
      expect(await gone).toBe(true);
      await stillServing();
      const line = server
        .output()
        .split('\n')
        .find((l) => l.includes(`req="${id}"`) && l.includes('protocol error'));
      expect(line, server.output().slice(-2000)).toBeDefined();
      expect(line).toContain(code);
    },
  );
});

describe('an upgrade cut off by the client', () => {
  it('a TCP reset while the upgrade is checked (signed in or not, granted or not) does not stop the server', async () => {
    const paths = [
      '/ws',
      `/ws?wss_type=scada&scada_id=${objectId}`,
      `/ws?wss_type=scada&scada_id=999999`,
      '/ws?wss_type=scada',
    ];
    for (const [path, sid] of paths.flatMap((p) =>
      [token, 'not-a-session'].map((t) => [p, t] as const),
    )) {
      for (let i = 0; i < 5; i++) {
        const socket = tcp(server.port, '127.0.0.1');
        await new Promise((resolve, reject) =>
          socket.once('connect', resolve).once('error', reject),
        );
        socket.on('error', () => {});
        const key = randomBytes(16).toString('base64');
        socket.write(
          `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\nCookie: sid=${sid}\r\n\r\n`,
        );
        // Give the request time to reach the server's (asynchronous) session check, then reset.
        await new Promise((r) => setTimeout(r, i * 2));
        socket.resetAndDestroy();
      }
    }
    await new Promise((r) => setTimeout(r, 300));
    await stillServing();
  });
});
