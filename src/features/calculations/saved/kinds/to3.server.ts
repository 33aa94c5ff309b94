// Kind 'to3' (heat exchanger): registered through the shared heat exchanger kind module.
import { registerHxKind } from './hx.server.ts';

registerHxKind('to3');
