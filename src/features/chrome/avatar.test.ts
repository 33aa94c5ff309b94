import { describe, expect, it } from 'vitest';
import { avatarColour, avatarLetter, avatarSrc } from './avatar.ts';

describe('avatar stand-in', () => {
  it('takes the first letter of the name, upper-cased', () => {
    expect(avatarLetter('ольга')).toBe('О');
    expect(avatarLetter('  marina')).toBe('M');
    expect(avatarLetter('')).toBe('?');
    expect(avatarLetter(null)).toBe('?');
  });
  it('chooses one of five colours by that letter, the same for the same letter', () => {
    const colours = ['Ольга', 'Дмитрий', 'Сергей', 'Анна', 'Борис', 'Галина'].map(avatarColour);
    expect(colours.every((c) => c >= 0 && c < 5)).toBe(true);
    expect(new Set(colours).size).toBe(5);
    expect(avatarColour('Ольга')).toBe(avatarColour('олег'));
  });
});

describe('avatar picture', () => {
  it('serves a stored file id through /files/', () => {
    expect(avatarSrc('V1StGXR8_Z5jdHi6B-myT')).toBe('/files/V1StGXR8_Z5jdHi6B-myT');
    expect(avatarSrc('/files/V1StGXR8_Z5jdHi6B-myT')).toBe('/files/V1StGXR8_Z5jdHi6B-myT');
  });
  it('ignores anything else', () => {
    expect(avatarSrc(null)).toBeNull();
    expect(avatarSrc('https://evil.example/x.png')).toBeNull();
    expect(avatarSrc('../../etc/passwd')).toBeNull();
  });
});
