import { defineConfig } from 'vitest/config';
import { PREACT } from './tsup.config.ts';

// The tests render with what the build ships: Preact behind React's names (tsup.config.ts).
export default defineConfig({ resolve: { alias: PREACT } });
