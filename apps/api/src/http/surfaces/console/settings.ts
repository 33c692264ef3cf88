import type { Context } from 'hono';
import * as ops from '../../../contract/console/settings';
import { ownerOnlyChange } from '../../../domain/members';
import { readSettings, type SettingsSection, saveSettingsSection } from '../../../use-cases/company/settings';
import type { ConsoleDeps, ConsoleEnv } from '../../console-env';
import { notJson } from '../../errors';
import type { ConsoleSurface } from './surface';

/**
 * The console's settings routes, served after the gate: `c.get('scope')` is the signed-in member's company and role. A section's
 * save is not validated by the shell against its schema: the config use case validates the merged config
 * and names every problem (not only the first) by its form field (use-cases/company/settings.ts).
 */
export function mountSettings(surface: ConsoleSurface, deps: ConsoleDeps) {
  const withLinks = (settings: Awaited<ReturnType<typeof readSettings>>) => {
    const book = `${deps.hostedBaseUrl}/book?company=${encodeURIComponent(settings.slug)}`;
    return { ...settings, booking_url: book, preview_url: `${book}&preview=1` };
  };

  surface.route(ops.getSettings, async (c) => {
    return withLinks(await readSettings(deps.database, c.get('scope'))) as never;
  });

  for (const [section, operation] of Object.entries(ops.SECTION_OPERATIONS)) {
    const what = ownerOnlyChange(section);
    const guard = what
      ? {
          role: 'owner' as const,
          refusal: `Only an owner of the company can change ${what}; ask an owner to do it or to make you one.`,
        }
      : undefined;
    surface.unchecked(
      operation,
      async (c: Context<ConsoleEnv>) => {
        const values = await jsonOf(c);
        const saved = await saveSettingsSection(deps.database, c.get('scope'), {
          section: section as SettingsSection,
          values,
        });
        return { data: withLinks(saved) as never };
      },
      guard,
    );
  }
}

async function jsonOf(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw notJson();
  }
}
