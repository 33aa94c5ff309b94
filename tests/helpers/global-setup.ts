// Builds the Astro bundle once before any suite that starts the real server.
import { buildIfStale } from '../../scripts/build-if-stale.ts';

export default function setup() {
  buildIfStale();
}
