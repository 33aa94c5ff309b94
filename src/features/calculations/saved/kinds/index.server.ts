// Every saved-calculation kind, registered on import (see ../kinds.server.ts for the contract).
// Adding a kind: one file in this folder and one import line here.
import './pump.server.ts';
import './station.server.ts';
import './control.server.ts';
import './to1.server.ts';
import './to2.server.ts';
import './to3.server.ts';
import './flow-meter.server.ts';

export { calcKind, kindsFor, registeredKinds } from '../kinds.server.ts';
