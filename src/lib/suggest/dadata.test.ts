import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_TOKEN,
  startFakeSuggest,
  type FakeSuggest,
} from '../../../tests/helpers/fake-suggest.ts';
import { createSuggestClient, SuggestError, toAddress } from './dadata.ts';

let fake: FakeSuggest;
beforeAll(async () => {
  fake = await startFakeSuggest();
});
afterAll(() => fake.close());

describe('DaData-compatible client', () => {
  it('suggests parties by INN or name with the token header and the requested count', async () => {
    const client = createSuggestClient({ url: fake.url, token: FAKE_TOKEN });
    const byInn = await client.party('1840', 20);
    expect(byInn.map((p) => p.inn)).toEqual(['1840001234']);
    expect(byInn[0]).toMatchObject({ kpp: '184001001', ogrn: '1141840001234' });
    expect(byInn[0]!.name).toMatch(/^ОБЩЕСТВО/);
    expect((await client.party('ижевск')).length).toBe(3);
    const last = fake.requests.at(-1)!;
    expect(last.path).toMatch(/\/suggest\/party$/);
    expect(last.auth).toBe(`Token ${FAKE_TOKEN}`);
    expect(last.body).toEqual({ query: 'ижевск', count: 20 });
  });

  it('finds a party by INN and answers null for an unknown one', async () => {
    const client = createSuggestClient({ url: fake.url, token: FAKE_TOKEN });
    expect((await client.partyByInn('1832014568'))?.value).toBe('АО "ИЖЕВСКИЕ ТЕПЛОВЫЕ СЕТИ"');
    expect(await client.partyByInn('7707083893')).toBeNull();
  });

  it('suggests addresses with the region boost and numeric coordinates', async () => {
    const client = createSuggestClient({ url: fake.url, token: FAKE_TOKEN });
    const list = await client.address('пушкинская', 5);
    expect(list.length).toBe(4);
    expect(list[0]).toEqual({
      value: '426008, Удмуртская Респ, г Ижевск, ул Пушкинская, д 154',
      lat: 56.8527,
      lon: 53.2115,
      precision: 'exact',
    });
    expect(list[2]!.precision).toBe('street');
    expect(list[3]).toMatchObject({ lat: null, lon: null, precision: null });
    expect(fake.requests.at(-1)!.body).toEqual({
      query: 'пушкинская',
      count: 5,
      locations_boost: [{ kladr_id: '18' }],
    });
  });

  it('reverse-geocodes a point to the nearest address', async () => {
    const client = createSuggestClient({ url: fake.url, token: FAKE_TOKEN });
    const [nearest] = await client.geolocate(56.857, 53.2);
    expect(nearest?.value).toMatch(/Ленина, д 21$/);
    expect(fake.requests.at(-1)!.body).toMatchObject({ lat: 56.857, lon: 53.2 });
  });

  it('raises an error carrying the status on a non-OK answer', async () => {
    const wrong = createSuggestClient({ url: fake.url, token: 'wrong' });
    await expect(wrong.party('1840')).rejects.toMatchObject({ name: 'SuggestError', status: 401 });
    fake.failWith(429);
    try {
      await expect(
        createSuggestClient({ url: fake.url, token: FAKE_TOKEN }).address('ижевск'),
      ).rejects.toBeInstanceOf(SuggestError);
    } finally {
      fake.failWith(null);
    }
  });

  it('reports an unreachable service as status 0', async () => {
    const dead = createSuggestClient({
      url: 'http://127.0.0.1:9/rs',
      token: FAKE_TOKEN,
      timeoutMs: 1000,
    });
    await expect(dead.party('1840')).rejects.toMatchObject({ status: 0 });
  });

  it('keeps coordinates only in pairs', () => {
    expect(toAddress({ value: 'x', data: { geo_lat: '56.1', geo_lon: null } })).toEqual({
      value: 'x',
      lat: null,
      lon: null,
      precision: null,
    });
  });
});
