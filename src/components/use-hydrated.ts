// Whether an island runs in the browser yet: false while the server renders it and while React
// hydrates that HTML (so both render the same markup), true afterwards and for islands mounted in
// the browser (a create form opened in a picker's dialog). useSyncExternalStore's server snapshot
// does this without an effect that sets state right after mounting.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
