import type { ConsoleDeps } from '../../console-env';
import type { ConsoleSurface } from './surface';

/** The console's settings routes, served after the gate: `c.get('member')` is who is signed in. */
export function mountSettings(_surface: ConsoleSurface, _deps: ConsoleDeps) {}
