import type { ConsoleEnv } from '../../console-env';
import type { Surface } from '../../shell';

/** The console surface as each area's mount function gets it: `route(operation, handler)` and the app. */
export type ConsoleSurface = Surface<ConsoleEnv>;
