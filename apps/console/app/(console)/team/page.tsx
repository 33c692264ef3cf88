'use client';

import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { Field } from '../../../components/field';
import { FormMessage, SubmitButton, useApiForm } from '../../../components/form';
import { useMe } from '../../../components/me';
import { useToast } from '../../../components/notice';
import { api, call } from '../../../lib/api';
import type { Schemas } from '../../../lib/types';
import { useApi } from '../../../lib/use-api';
import { PageError } from '../developers/_parts/key-table';

type Invitation = Schemas['ConsolePendingInvitation'];
type Member = Schemas['ConsoleMemberRow'];
type Role = Invitation['role'];
/** What an owner is about to do to a member: remove them, or give them the other role. */
type Acting = { member: Member; to: Role | 'removed' };

const ROLE_NAMES: Record<Role, string> = { owner: 'Owner', staff: 'Office staff', driver: 'Driver' };
const roleName = (role: Role) => ROLE_NAMES[role];
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** The role the member's button gives: staff become owners; owners and drivers become office staff. */
const other = (role: Role): Role => (role === 'staff' ? 'owner' : 'staff');
const roleButton = (m: Member) => (other(m.role) === 'owner' ? 'Make owner' : 'Make staff');
const roleAction = (m: Member) =>
  other(m.role) === 'owner' ? `Make ${m.name} an owner` : `Make ${m.name} office staff`;

/**
 * The team, for owners: who has an account (change a role, remove someone: not yourself, and the company
 * keeps an owner, which the API decides), the invitations still open, and inviting someone by e-mail (office
 * staff, an owner, or a driver, who sees only the route the office gives them). The navigation hides it from
 * staff; the API refuses them (403) whatever the page shows.
 */
export default function TeamPage() {
  const team = useApi((signal) => api.GET('/members', { signal }), []);
  const me = useMe();
  const toast = useToast();
  const [sent, setSent] = useState<string>();
  const [revoking, setRevoking] = useState<Invitation>();
  const [acting, setActing] = useState<Acting>();
  const form = useApiForm(
    (values) =>
      call(
        api.POST('/members/invitations', {
          body: { email: String(values.get('email') ?? ''), role: String(values.get('role') ?? 'staff') as Role },
        }),
      ),
    (data, form) => {
      setSent(data.email);
      form.reset(); // ready for the next address; the sentence above says who was invited
      team.reload();
    },
  );
  if (team.error) return <PageError message={team.error.message} />;
  return (
    <>
      <h1>Team</h1>
      <DataTable
        caption="Members"
        rows={team.data?.members}
        rowKey={(m) => m.id}
        loading={team.loading && !team.data}
        empty="No one has an account yet."
        narrow="stack"
        columns={[
          { key: 'name', header: 'Name', cell: (m) => m.name },
          { key: 'email', header: 'E-mail', cell: (m) => m.email },
          { key: 'role', header: 'Role', cell: (m) => roleName(m.role) },
          { key: 'since', header: 'Member since', cell: (m) => day(m.created_at) },
          {
            key: 'actions',
            action: true,
            header: 'Actions',
            cell: (m) =>
              m.email === me.email ? (
                <span className="muted">You</span>
              ) : (
                <span className="row-actions">
                  <button
                    type="button"
                    className="btn"
                    onClick={() => setActing({ member: m, to: other(m.role) })}
                    aria-label={`${roleButton(m)}: ${m.name}`}
                  >
                    {roleButton(m)}
                  </button>
                  <button
                    type="button"
                    className="btn btn-danger"
                    onClick={() => setActing({ member: m, to: 'removed' })}
                    aria-label={`Remove ${m.name}`}
                  >
                    Remove
                  </button>
                </span>
              ),
          },
        ]}
      />
      <h2>Invitations waiting</h2>
      <DataTable
        caption="Invitations waiting"
        hideCaption
        rows={team.data?.invitations}
        rowKey={(i) => i.id}
        loading={team.loading && !team.data}
        empty="No invitations are waiting to be accepted."
        narrow="stack"
        columns={[
          { key: 'email', header: 'E-mail', cell: (i) => i.email },
          { key: 'role', header: 'Role', cell: (i) => roleName(i.role) },
          { key: 'expires', header: 'Expires', cell: (i) => day(i.expires_at) },
          {
            key: 'actions',
            action: true,
            header: 'Actions',
            cell: (i) => (
              <button
                type="button"
                className="btn btn-danger"
                onClick={() => setRevoking(i)}
                aria-label={`Withdraw the invitation to ${i.email}`}
              >
                Withdraw
              </button>
            ),
          },
        ]}
      />
      <h2>Invite someone</h2>
      {sent ? (
        <p className="notice tone-success" role="status">
          We e-mailed an invitation to {sent}. The link works for 7 days.
        </p>
      ) : null}
      <form {...form.formProps} aria-label="Invite someone">
        <FormMessage message={form.formError} />
        <Field label="E-mail" name="email" type="email" autoComplete="off" required error={form.errors.email} />
        <Field label="Role" name="role" error={form.errors.role}>
          {(control) => (
            <select {...control} defaultValue="staff">
              <option value="staff">Office staff: bookings, leads and customers</option>
              <option value="owner">Owner: also settings, keys, webhooks and the team</option>
              <option value="driver">Driver: sees only the route you give them</option>
            </select>
          )}
        </Field>
        <div className="form-actions">
          <SubmitButton pending={form.pending} pendingLabel="Sending…">
            Send invitation
          </SubmitButton>
        </div>
      </form>
      <ConfirmDialog
        open={revoking !== undefined}
        title="Withdraw this invitation?"
        confirmLabel="Withdraw"
        pendingLabel="Withdrawing…"
        tone="danger"
        onConfirm={() =>
          call(api.DELETE('/members/invitations/{id}', { params: { path: { id: revoking?.id ?? '' } } }))
        }
        onDone={() => {
          setRevoking(undefined);
          team.reload();
        }}
        onCancel={() => setRevoking(undefined)}
      >
        <p>The link e-mailed to {revoking?.email} stops working at once.</p>
      </ConfirmDialog>
      <ConfirmDialog<unknown>
        open={acting !== undefined}
        title={
          acting?.to === 'removed' ? `Remove ${acting.member.name}?` : `${acting ? roleAction(acting.member) : ''}?`
        }
        confirmLabel={acting?.to === 'removed' ? 'Remove' : 'Change role'}
        pendingLabel={acting?.to === 'removed' ? 'Removing…' : 'Changing…'}
        tone={acting?.to === 'removed' ? 'danger' : 'primary'}
        onConfirm={() =>
          acting?.to === 'removed'
            ? call(api.DELETE('/members/{id}', { params: { path: { id: acting.member.id } } }))
            : call(
                api.PATCH('/members/{id}', {
                  params: { path: { id: acting?.member.id ?? '' } },
                  body: { role: acting?.to as Role },
                }),
              )
        }
        onDone={() => {
          if (acting) {
            toast.show(
              acting.to === 'removed'
                ? `${acting.member.name} was removed from the team.`
                : `${acting.member.name} is now ${acting.to === 'owner' ? 'an owner' : 'office staff'}.`,
            );
          }
          setActing(undefined);
          team.reload();
        }}
        onCancel={() => setActing(undefined)}
      >
        {acting?.to === 'removed' ? (
          <p>
            {acting.member.name} ({acting.member.email}) is signed out at once and can no longer sign in. You can invite
            the address again later.
          </p>
        ) : acting?.to === 'owner' ? (
          <p>Owners also manage settings, card fees, keys, webhooks and the team.</p>
        ) : (
          <p>Office staff run bookings, leads and customers, but not keys, webhooks, card fees or the team.</p>
        )}
      </ConfirmDialog>
    </>
  );
}
