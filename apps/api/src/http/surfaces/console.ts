import { createAuth } from '../../accounts/auth';
import { CONSOLE_BASE, consoleOperations } from '../../contract/console';
import { consoleDocument } from '../../contract/document';
import { sendPasswordReset } from '../../use-cases/accounts/password-reset';
import type { ConsoleDeps, ConsoleEnv } from '../console-env';
import { consoleGate, consoleOriginCheck } from '../console-gate';
import { createInvitationThrottle, createSignInThrottle } from '../console-throttle';
import { createSurface } from '../shell';
import { mountAccount, mountPublicAccount } from './console/account';
import { mountDevelopers } from './console/developers';
import { mountField } from './console/field';
import { mountOffice } from './console/office';
import { mountPermits } from './console/permits';
import { mountRentals } from './console/rentals';
import { mountSettings } from './console/settings';

export type { ConsoleSurface } from './console/surface';

/**
 * The console API (/console/v1): what apps/console calls for a signed-in company user. Same-origin only:
 * the console reaches it through its own origin (apps/console/lib/api-proxy.ts forwards its calls), so there is no CORS at all, and every write must come
 * from the console's page (console-gate.ts). Account routes that need no session come first, then the gate,
 * then one mount function per area of the console.
 */
export function createConsoleSurface(deps: ConsoleDeps) {
  const consoleOrigin = new URL(deps.consoleBaseUrl).origin;
  const secureCookies = consoleOrigin.startsWith('https:');
  const auth = createAuth({
    db: deps.database.db,
    secret: deps.secret,
    consoleBaseUrl: deps.consoleBaseUrl,
    sendResetPassword: ({ user, token }) => sendPasswordReset(deps.database.db, user.id, token, deps.consoleBaseUrl),
  });
  const surface = createSurface<ConsoleEnv>({
    name: 'the console API',
    surface: 'console',
    base: CONSOLE_BASE,
    operations: consoleOperations,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    maxBodyBytes: 64 * 1024,
    cors: { kind: 'none' },
    document: consoleDocument,
  });
  const { app } = surface;

  app.use('*', consoleOriginCheck(consoleOrigin));
  app.use('*', async (c, next) => {
    await surface.readBody(c);
    await next();
  });
  const account = {
    auth,
    deps,
    secureCookies,
    throttle: createSignInThrottle(deps.redis),
    invitations: createInvitationThrottle(deps.redis),
  };
  mountPublicAccount(surface, account);

  app.use('*', consoleGate({ auth, registry: deps.registry, secret: deps.secret, secureCookies }));
  mountAccount(surface, account);
  mountOffice(surface, deps);
  mountField(surface, deps);
  mountPermits(surface, deps);
  mountRentals(surface, deps);
  mountSettings(surface, deps);
  mountDevelopers(surface, deps);
  return app;
}
