import type { ConsoleDeps } from '../../console-env';
import type { ConsoleSurface } from './surface';

/** The console's office routes, served after the gate: `c.get('member')` is who is signed in. */
export function mountOffice(_surface: ConsoleSurface, _deps: ConsoleDeps) {}
