// Every calculator, registered on import (see ../registry.server.ts for the contract).
// Adding a calculator: one module in this folder and one import line here.
import './pumps.server.ts';
import './hx.server.ts';
import './flow-meter.server.ts';
import './btp.server.ts';

export { allowedUser, calculator, calculatorKinds } from '../registry.server.ts';
