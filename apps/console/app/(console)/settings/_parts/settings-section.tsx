'use client';

import { useMe } from '../../../../components/me';
import { Notice, useToast } from '../../../../components/notice';
import { api } from '../../../../lib/api';
import { useApi } from '../../../../lib/use-api';
import { CardFeesForm } from './card-fees-form';
import { FleetForm } from './fleet-form';
import { JunkForm } from './junk-form';
import { ClosedDaysForm, PromosForm } from './list-forms';
import { MaterialsForm } from './materials-form';
import { PermitsForm } from './permits-form';
import { ProfileForm, RulesForm } from './profile-forms';
import { SizesForm } from './sizes-form';

/**
 * One section of the settings: loads GET /settings, shows the preview link and the section's form. A save
 * answers every section again; the page keeps the fresh copy and says the booking page has it.
 */
export function SettingsSection({ section, title }: { section: string; title: string }) {
  const settings = useApi((signal) => api.GET('/settings', { signal }), []);
  const me = useMe();
  const toast = useToast();
  if (settings.error) return <Notice tone="danger">{settings.error.message}</Notice>;
  const data = settings.data;
  if (!data) return <p className="muted">Loading…</p>;
  const onSaved = () => {
    toast.show(`${title} saved: your booking page shows it now.`);
    settings.reload();
  };
  const s = data.sections;
  const forms: Record<string, () => React.ReactNode> = {
    profile: () => <ProfileForm initial={s.profile} onSaved={onSaved} />,
    rules: () => <RulesForm initial={s.rules} onSaved={onSaved} />,
    sizes: () => <SizesForm initial={s.sizes} onSaved={onSaved} />,
    materials: () => (
      <MaterialsForm
        initial={s.materials}
        onSaved={onSaved}
        sizes={s.sizes.sizes.map((z) => [z.key, z.label] as const)}
      />
    ),
    promos: () => <PromosForm initial={s.promos} onSaved={onSaved} />,
    'closed-days': () => <ClosedDaysForm initial={s.closed_days} onSaved={onSaved} />,
    junk: () => <JunkForm initial={s.junk} onSaved={onSaved} />,
    fleet: () => (
      <FleetForm
        initial={s.fleet}
        onSaved={onSaved}
        owner={me.isOwner}
        sizes={s.sizes.sizes.map((z) => [z.key, z.label] as const)}
      />
    ),
    permits: () => <PermitsForm initial={s.permits} onSaved={onSaved} owner={me.isOwner} />,
    'card-fees': () =>
      s.card_fees ? (
        <CardFeesForm initial={s.card_fees} onSaved={onSaved} />
      ) : (
        <Notice tone="info">Card fee handling is for owners: ask an owner of the company to change it.</Notice>
      ),
  };
  return (
    <section aria-labelledby="section-title">
      <h2 id="section-title">{title}</h2>
      <p>
        <a href={data.preview_url} target="_blank" rel="noreferrer" data-testid="preview-link">
          Preview your booking page
        </a>{' '}
        <span className="muted">(opens in a new tab; nothing can be booked from the preview)</span>
      </p>
      {/* A key per load: the form starts from what the server has after each save. */}
      <div key={JSON.stringify(s[section.replace('-', '_') as keyof typeof s])}>{forms[section]?.()}</div>
    </section>
  );
}
