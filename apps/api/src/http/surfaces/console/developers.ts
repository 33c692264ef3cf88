import type { ConsoleDeps } from '../../console-env';
import type { ConsoleSurface } from './surface';

/** The console's developers routes, served after the gate: `c.get('member')` is who is signed in. */
export function mountDevelopers(_surface: ConsoleSurface, _deps: ConsoleDeps) {}
