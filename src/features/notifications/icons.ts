// Which chrome sprite icon (src/features/chrome/Icons.astro) draws each notification icon name.
import type { IconName } from './notifications.schema.ts';

export const SPRITE: Record<
  IconName,
  'bell' | 'cart' | 'box' | 'book' | 'help' | 'calc' | 'tag' | 'user'
> = {
  bell: 'bell',
  order: 'cart',
  status: 'box',
  document: 'book',
  message: 'user',
  calculation: 'calc',
  support: 'help',
  promotion: 'tag',
  info: 'help',
};
